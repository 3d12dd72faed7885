// Interlocked* on groupshared memory from 64 threads: InterlockedAdd (the original values
// returned to the threads are a permutation of 0..63, checked by marking them), InterlockedMax /
// InterlockedMin on int (signed), InterlockedOr / And / Xor on uint.
// Thread i contributes: Add 1; Max and Min with i - 32 (range -32..31); Or with 1 << (i % 32);
// And with ~(1 << (i % 8)); Xor with i.
// Xor of 0..63 = 0 (each bit is set in exactly 32 of the 64 values).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw int[6] = 0
// buffer u2 rw uint[64] = 0
// expect u1 = [64, 31, -32, -1, 0xFFFFFF00, 0]
// expect u2 = 1
RWStructuredBuffer<int> results : register(u1);
RWStructuredBuffer<uint> seen : register(u2);

groupshared uint counter;
groupshared int hi;
groupshared int lo;
groupshared uint bits_or;
groupshared uint bits_and;
groupshared uint bits_xor;

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    if (gi == 0) {
        counter = 0;
        hi = -1000;
        lo = 1000;
        bits_or = 0;
        bits_and = 0xFFFFFFFF;
        bits_xor = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    uint original;
    InterlockedAdd(counter, 1, original);
    seen[original] = 1;                         // each of 0..63 exactly once
    InterlockedMax(hi, (int)gi - 32);
    InterlockedMin(lo, (int)gi - 32);
    InterlockedOr(bits_or, 1u << (gi % 32));
    InterlockedAnd(bits_and, ~(1u << (gi % 8)));
    InterlockedXor(bits_xor, gi);
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0) {
        results[0] = (int)counter;
        results[1] = hi;
        results[2] = lo;
        results[3] = (int)bits_or;
        results[4] = (int)bits_and;
        results[5] = (int)bits_xor;
    }
}
