// One pass of an LSD radix sort as GPU sort libraries write it, for any wave size: each of
// two groups sorts its 64 keys by the 4-bit digit at `Shift` (a cbuffer value, 4 here),
// stably. (1) a digit histogram with `InterlockedAdd` on groupshared counters; (2) a
// wave-level rank: for every digit, `WavePrefixCountBits(digit == d)` ranks a lane among
// its wave's lanes with that digit and the first lane stores `WaveActiveCountBits` in a
// groupshared [wave][digit] table (wave = SV_GroupIndex / WaveGetLaneCount()); (3) thread 0
// scans the histogram (exclusive); (4) each key goes to digit offset + the counts of earlier
// waves for its digit + its rank. The scatter is therefore the stable counting sort by the
// digit, whatever the wave size. Outputs: the scattered keys, each key's destination, and
// both groups' histograms.
// Expected values: tests/exec/work/models.py (radix_sort_pass).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 2 1 1
// cbuffer b3 = u32 [4]
// buffer t0 ro uint[128] = [1621, 3108, 107, 1606, 1985, 3212, 2891, 3169, 2163, 1810, 1844, 3955,
//     2880, 2171, 539, 3299, 1597, 1994, 3891, 1618, 1725, 2627, 2800, 1446, 1365, 1898, 3847, 258,
//     2519, 3331, 1642, 3786, 3929, 787, 335, 2466, 2094, 4061, 2346, 1135, 490, 3045, 1197, 3668,
//     2402, 1520, 3022, 1717, 3753, 1793, 3008, 310, 2323, 1628, 2807, 2492, 2868, 3461, 3367,
//     2154, 1761, 3136, 1861, 1444, 301, 3218, 900, 3598, 1644, 1726, 1368, 1677, 3634, 1352, 3446,
//     68, 3924, 2293, 3536, 3223, 996, 3272, 3484, 298, 3385, 2565, 3406, 3042, 2020, 3120, 2712,
//     1762, 4026, 1294, 1136, 3214, 976, 161, 3849, 2954, 2681, 2351, 2007, 2747, 1354, 2876, 2446,
//     3396, 1301, 2442, 35, 1673, 3568, 287, 3273, 3630, 2862, 3390, 2548, 1048, 868, 2923, 3929,
//     1130, 3172, 3947, 1514, 2952]
// buffer u1 rw uint[128] = 0
// buffer u2 rw uint[128] = 0
// buffer u4 rw uint[32] = 0
// expect u1 = [3847, 258, 3331, 1793, 1810, 539, 787, 2323, 3108, 2094, 2346, 3367, 1844, 1597,
//     3891, 310, 2868, 1606, 2891, 2880, 2627, 335, 3136, 1861, 1621, 1618, 1365, 3929, 3668, 1628,
//     107, 3169, 1898, 1642, 1135, 2402, 2154, 2163, 3955, 2171, 3212, 3461, 1446, 2466, 1197,
//     3753, 1444, 1725, 1717, 2492, 1985, 1994, 3786, 3022, 3008, 2519, 4061, 3299, 490, 3045,
//     1761, 2800, 1520, 2807, 3598, 2565, 1294, 3849, 1301, 287, 1048, 301, 298, 2351, 35, 3630,
//     2862, 3634, 3385, 3120, 2876, 3390, 1352, 68, 3406, 1354, 3396, 1368, 3924, 3929, 1644, 868,
//     2923, 1130, 3172, 3947, 3446, 1136, 2681, 900, 1677, 3214, 2954, 2446, 2442, 1673, 2952,
//     3218, 3223, 3484, 2712, 161, 1726, 4026, 2747, 3272, 3273, 3536, 976, 2007, 996, 3042, 2020,
//     1762, 1514, 2293, 3568, 2548]
// expect u2 = [24, 8, 30, 17, 50, 40, 18, 31, 37, 4, 12, 38, 19, 39, 5, 57, 13, 51, 14, 25, 47, 20,
//     61, 42, 26, 32, 0, 1, 55, 2, 33, 52, 27, 6, 21, 43, 9, 56, 10, 34, 58, 59, 44, 28, 35, 62,
//     53, 48, 45, 3, 54, 15, 7, 29, 63, 49, 16, 41, 11, 36, 60, 22, 23, 46, 7, 43, 35, 0, 26, 48,
//     23, 36, 13, 18, 32, 19, 24, 61, 53, 44, 56, 51, 45, 8, 14, 1, 20, 57, 58, 15, 46, 59, 49, 2,
//     33, 37, 54, 47, 3, 38, 34, 9, 55, 50, 21, 16, 39, 22, 4, 40, 10, 41, 62, 5, 52, 11, 12, 17,
//     63, 6, 27, 28, 25, 29, 30, 31, 60, 42]
// expect u4 = [4, 4, 4, 5, 7, 6, 7, 3, 2, 0, 5, 3, 5, 2, 4, 3, 4, 3, 6, 5, 5, 3, 6, 3, 8, 4, 1, 3,
//     2, 3, 5, 3]
cbuffer Pass : register(b3)
{
    uint Shift;
};

StructuredBuffer<uint> KeysIn : register(t0);
RWStructuredBuffer<uint> KeysOut : register(u1);
RWStructuredBuffer<uint> Dest : register(u2);
RWStructuredBuffer<uint> Histograms : register(u4);

#define RADIX 16
#define GROUP 64

groupshared uint Hist[RADIX];
groupshared uint Offset[RADIX];
groupshared uint WaveDigitCount[GROUP][RADIX]; // enough rows for waves of one lane

[numthreads(GROUP, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    const uint base = gid.x * GROUP;
    const uint key = KeysIn[base + gi];
    const uint digit = (key >> Shift) & (RADIX - 1);
    const uint wave = gi / WaveGetLaneCount();

    if (gi < RADIX)
        Hist[gi] = 0;
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(Hist[digit], 1);

    uint rank = 0;
    for (uint d = 0; d < RADIX; ++d)
    {
        const bool mine = digit == d;
        const uint before = WavePrefixCountBits(mine);
        const uint total = WaveActiveCountBits(mine);
        if (mine)
            rank = before;
        if (WaveIsFirstLane())
            WaveDigitCount[wave][d] = total;
    }
    GroupMemoryBarrierWithGroupSync();

    if (gi == 0)
    {
        uint running = 0;
        for (uint d = 0; d < RADIX; ++d)
        {
            Offset[d] = running;
            running += Hist[d];
        }
    }
    GroupMemoryBarrierWithGroupSync();

    uint pos = Offset[digit] + rank;
    for (uint w = 0; w < wave; ++w)
        pos += WaveDigitCount[w][digit];

    KeysOut[base + pos] = key;
    Dest[base + gi] = pos;
    if (gi < RADIX)
        Histograms[gid.x * RADIX + gi] = Hist[gi];
}
