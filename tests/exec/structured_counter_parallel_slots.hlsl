// RWStructuredBuffer.IncrementCounter from 64 threads at once returns 64 distinct slots
// 0..63 (each thread marks its slot), and the hidden counter ends at 64; then every even
// thread calls DecrementCounter after a device barrier: 32 decrements → 32. (The counter
// takes the next free binding of group 0 after u0 and u2: 1.)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// buffer u1 rw uint[1] = 0
// buffer u2 rw uint[1] = 0
// expect u0 = 1
// expect u1 = [32]
// expect u2 = [64]
// peer-bug glslang: numbers the counter bindings differently
RWStructuredBuffer<uint> slots : register(u0);
RWStructuredBuffer<uint> total : register(u2);

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint s = slots.IncrementCounter();
    slots[s] = 1;
    InterlockedMax(total[0], s + 1);
    DeviceMemoryBarrierWithGroupSync();
    if (i % 2 == 0)
        slots.DecrementCounter();
}
