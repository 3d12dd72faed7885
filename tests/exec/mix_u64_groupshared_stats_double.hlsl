// Group-wide 64-bit statistics as profiling and streaming-compaction passes gather them:
// groupshared uint64_t counters cleared by thread 0, a barrier, then every thread's value v =
// (t + 1) << 40 | 12345 t² merged with 64-bit InterlockedAdd, InterlockedMax (of v ^
// 0xF0F0F0F0F0F0F0F0) and InterlockedOr (of 1 << t, all 64 bits) on groupshared memory;
// after a second barrier thread 0 turns the totals into doubles: mean = (double)sum / 64
// (exact), (double)max (rounded to 53 bits, nearest even), and (uint64_t)(mean * 3 - 1.5)
// (truncated toward zero), each split into words (the doubles with asuint(d, lo, hi)), and
// every thread compares (double)v > mean. Words: sum, max, or, mean, (double)max, scaled
// (low, high each); then one 0/1 per thread.
// Expected values: tests/exec/mix/models.py (u64_groupshared_stats_double; Python integers
// and doubles).
// requires int64 int64-atomics f64
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[12] = 0
// buffer u1 rw uint[64] = 0
// expect u0 = [1053571680, 532480, 4040432468, 4042326000, 4294967295, 4294967295, 2107143360,
//     1119895552, 4263385731, 1139678751, 49386171, 24960]
// expect u1 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
//     1, 1, 1, 1, 1]
// peer-bug glslang: unknown type name `uint64_t`
RWStructuredBuffer<uint> Totals : register(u0);
RWStructuredBuffer<uint> Above : register(u1);

groupshared uint64_t gSum;
groupshared uint64_t gMax;
groupshared uint64_t gOr;
groupshared double gMean;

void put64(uint slot, uint64_t v) {
    Totals[slot] = (uint)v;
    Totals[slot + 1] = (uint)(v >> 32);
}

void putDouble(uint slot, double d) {
    uint lo, hi;
    asuint(d, lo, hi);
    Totals[slot] = lo;
    Totals[slot + 1] = hi;
}

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex) {
    if (t == 0) {
        gSum = 0;
        gMax = 0;
        gOr = 0;
    }
    GroupMemoryBarrierWithGroupSync();

    uint64_t v = (uint64_t)(t + 1) << 40 | (uint64_t)(t * t * 12345);
    InterlockedAdd(gSum, v);
    InterlockedMax(gMax, v ^ 0xF0F0F0F0F0F0F0F0ull);
    InterlockedOr(gOr, 1ull << t);
    GroupMemoryBarrierWithGroupSync();

    if (t == 0) {
        double mean = (double)gSum / 64.0;
        put64(0, gSum);
        put64(2, gMax);
        put64(4, gOr);
        putDouble(6, mean);
        putDouble(8, (double)gMax);
        put64(10, (uint64_t)(mean * 3.0 - 1.5));
        gMean = mean;
    }
    GroupMemoryBarrierWithGroupSync();
    Above[t] = (double)v > gMean;
}
