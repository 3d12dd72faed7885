// InterlockedCompareStore as a "first writer wins" claim, from 64 threads: thread i tries to
// store i into claim[i / 2] (groupshared) and into slots[i / 4] (buffer) where the slot
// still holds 0xFFFFFFFF. Exactly one thread of each pair / quad wins, whichever it is; after
// the barrier every thread checks that its slot holds a member of its pair / quad and counts
// the winners with InterlockedAdd: 32 pair winners, 16 quad winners. Each thread writes 1
// when its checks hold.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[16] = 0xFFFFFFFF
// buffer u1 rw uint[64] = 0
// buffer u2 rw uint[2] = 0
// expect u0 = _
// expect u1 = 1
// expect u2 = [32, 16]
// peer-bug glslang: InterlockedCompareStore emits no atomic at all (no OpAtomicCompareExchange), so nothing is claimed
RWStructuredBuffer<uint> slots : register(u0);
RWStructuredBuffer<uint> ok : register(u1);
RWStructuredBuffer<uint> wins : register(u2);

groupshared uint claim[32];

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i < 32)
        claim[i] = 0xFFFFFFFF;
    GroupMemoryBarrierWithGroupSync();
    InterlockedCompareStore(claim[i / 2], 0xFFFFFFFF, i);
    InterlockedCompareStore(slots[i / 4], 0xFFFFFFFFu, i);
    AllMemoryBarrierWithGroupSync();
    uint c = claim[i / 2], s = slots[i / 4];
    if (c == i)
        InterlockedAdd(wins[0], 1);
    if (s == i)
        InterlockedAdd(wins[1], 1);
    ok[i] = (c / 2 == i / 2 && s / 4 == i / 4) ? 1 : 0;
}
