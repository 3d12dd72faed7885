// Every barrier intrinsic. The *WithGroupSync forms order groupshared and buffer writes
// between threads of a group: each round, thread i writes slot i, syncs, reads slot
// (i + 1) % 8 and accumulates; with 8 threads and values i + 1 + round, thread i ends with
// sum over rounds r = 0..2 of ((i + 1) % 8 + 1 + r) = 3 ((i + 1) % 8 + 1) + 3. The
// memory-only forms (no sync) are executed too; they order a thread's own accesses, so
// each thread also reads back its own buffer slot after a DeviceMemoryBarrier.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[8] = 0
// buffer u1 rw uint[8] = 0
// expect u0 = [9, 12, 15, 18, 21, 24, 27, 6]
// expect u1 = [101, 102, 103, 104, 105, 106, 107, 108]
RWStructuredBuffer<uint> result : register(u0);
RWStructuredBuffer<uint> scratch : register(u1);
groupshared uint slots[8];

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint acc = 0;
    uint next = (i + 1) % 8;
    slots[i] = i + 1;
    GroupMemoryBarrierWithGroupSync();
    acc += slots[next];
    AllMemoryBarrierWithGroupSync();
    slots[i] = i + 2;
    scratch[i] = i + 2;
    DeviceMemoryBarrierWithGroupSync();
    acc += scratch[next];
    AllMemoryBarrierWithGroupSync();
    slots[i] = i + 3;
    GroupMemoryBarrierWithGroupSync();
    acc += slots[next];
    GroupMemoryBarrier();
    AllMemoryBarrier();
    DeviceMemoryBarrierWithGroupSync();
    scratch[i] = 100 + i;
    DeviceMemoryBarrier();
    scratch[i] += 1;
    AllMemoryBarrier();
    result[i] = acc;
}
