// groupshared memory and GroupMemoryBarrierWithGroupSync: a 64-thread tree reduction
// (sum of 1..64 per group = 2080, plus 64 * 100 * group for group 1) and a neighbour
// exchange (each thread reads the value its neighbour wrote before the barrier; thread 63
// wraps around to thread 0).
// Two groups run concurrently, each with its own groupshared copy.
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer u1 rw uint[2] = 0
// buffer u2 rw uint[8] = 0
// expect u1 = [2080, 8480]
// expect u2 = [2, 3, 4, 1, 102, 103, 104, 101]
RWStructuredBuffer<uint> sums : register(u1);
RWStructuredBuffer<uint> neighbours : register(u2);

groupshared uint partial[64];
groupshared uint ring[64];

[numthreads(64, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
    uint v = gi + 1 + 100 * gid.x;          // group 1 adds 100 to each value
    partial[gi] = v;
    ring[gi] = v;
    GroupMemoryBarrierWithGroupSync();
    uint next = ring[(gi + 1) % 64];
    if (gi < 3 || gi == 63) {
        // threads 0,1,2,63 → slots 0,1,2,3 of this group's 4
        uint slot = gi == 63 ? 3 : gi;
        neighbours[gid.x * 4 + slot] = next;
    }
    for (uint stride = 32; stride > 0; stride >>= 1) {
        if (gi < stride) partial[gi] += partial[gi + stride];
        GroupMemoryBarrierWithGroupSync();
    }
    if (gi == 0) sums[gid.x] = partial[0];
}
