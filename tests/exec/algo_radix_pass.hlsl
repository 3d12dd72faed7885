// One pass of an LSD radix sort of 64 keys on a 4-bit digit (shift from a cbuffer):
// histogram with InterlockedAdd into groupshared bins, an exclusive prefix over the 16 bins
// with WavePrefixSum plus per-wave totals combined through groupshared (any wave size:
// WaveGetLaneCount, waves of consecutive SV_GroupIndex), then a stable scatter whose rank
// within a digit counts earlier keys with the same digit. Writes the permuted keys and the
// histogram followed by the bin offsets.
// Expected values: tests/exec/algo/models.py (radix_pass); Python's sort is stable.
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b3 = u32 [4]
// buffer u1 rw uint[64] = 0
// buffer u2 rw uint[32] = 0
// peer-bug glslang: WavePrefixSum is an inclusive scan (see wave_prefix_exclusive), so every bin offset is off by its own count
// buffer t0 ro uint[64] = [2853, 2367, 2070, 1801, 2942, 3254, 1984, 1120, 3893, 3972, 3147, 166, 3745, 1516, 1323, 3265,
//     3411, 1650, 3860, 1491, 3616, 3547, 2043, 2371, 1821, 810, 787, 2226, 1437, 2979, 3280, 3590,
//     565, 3786, 3815, 3938, 1207, 2659, 1098, 810, 2105, 1651, 3375, 1026, 3854, 2365, 778, 1231,
//     1738, 2885, 3213, 1204, 3138, 2896, 430, 789, 3977, 609, 4000, 918, 2035, 1980, 3287, 540]
// expect u1 = [1801, 3590, 1026, 3854, 778, 2070, 3860, 1821, 787, 789, 540, 2853, 1323, 3616, 810, 810,
//     3375, 2367, 3893, 565, 2105, 2365, 3147, 2371, 1098, 2885, 3138, 3411, 2896, 1120, 3938, 2659,
//     609, 2942, 1650, 1651, 3972, 3213, 3977, 1437, 918, 166, 3745, 2979, 430, 4000, 3254, 2226,
//     1207, 1204, 1980, 1984, 3265, 3786, 1231, 1738, 1491, 3547, 3280, 3287, 1516, 3815, 2043, 2035]
// expect u2 = [5, 6, 6, 5, 5, 2, 4, 3, 3, 2, 5, 5, 5, 4, 2, 2,
//     0, 5, 11, 17, 22, 27, 29, 33, 36, 39, 41, 46, 51, 56, 60, 62]
StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint> Sorted : register(u1);
RWStructuredBuffer<uint> HistOut : register(u2);
cbuffer Pass : register(b3) {
    uint shift;
};

#define N 64
#define BINS 16

groupshared uint keys[N];
groupshared uint hist[BINS];
groupshared uint offsets[BINS];
groupshared uint waveTotals[N];

uint digitOf(uint key) { return (key >> shift) & (BINS - 1); }

[numthreads(N, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint key = Keys[gi];
    keys[gi] = key;
    if (gi < BINS) hist[gi] = 0;
    GroupMemoryBarrierWithGroupSync();

    uint d = digitOf(key);
    InterlockedAdd(hist[d], 1u);
    GroupMemoryBarrierWithGroupSync();

    // exclusive scan of the bins across all waves of the group
    uint lanes = WaveGetLaneCount();
    uint wave = gi / lanes;
    uint count = gi < BINS ? hist[gi] : 0;
    uint prefix = WavePrefixSum(count);
    if (WaveGetLaneIndex() == lanes - 1)
        waveTotals[wave] = prefix + count;
    GroupMemoryBarrierWithGroupSync();
    for (uint w = 0; w < wave; ++w)
        prefix += waveTotals[w];
    if (gi < BINS) {
        offsets[gi] = prefix;
        HistOut[gi] = count;
        HistOut[BINS + gi] = prefix;
    }
    GroupMemoryBarrierWithGroupSync();

    uint rank = 0;
    for (uint j = 0; j < gi; ++j)
        rank += digitOf(keys[j]) == d ? 1 : 0;
    Sorted[offsets[d] + rank] = key;
}
