// Binning by counting sort in one workgroup, the way particle and light-culling passes
// write it, for any wave size: groupshared bucket counters bumped with InterlockedAdd; an
// exclusive scan of the 16 counts built from WavePrefixSum inside each wave plus the totals
// of the earlier waves (WaveActiveSum written by the first lane to a groupshared array
// indexed by t / WaveGetLaneCount()); a scatter that takes its slot from the original value
// returned by InterlockedAdd on a per-bucket cursor; then per-bucket sums over the sorted
// range and InterlockedMax into a device buffer. Within a bucket the order is the device's,
// so what is compared is order-free: the bucket of every sorted slot, each bucket's count,
// offset, sum and max, and each thread's check that its slot lies in its bucket's range.
// Values v(t) = (7t^2 + 3t + t / 4) mod 50, bucket v mod 16.
// Expected values: tests/exec/mix/models.py (counting_sort_bins).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// buffer u1 rw uint[64] = 0
// buffer u2 rw uint[64] = 0
// expect u0 = [0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6,
//     6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13,
//     13, 14, 14, 14, 15, 15, 15, 15, 15, 15, 15, 15]
// expect u1 = [7, 0, 128, 32, 1, 7, 17, 17, 5, 8, 138, 34, 3, 13, 41, 35, 1, 16, 36, 36, 5, 17,
//     121, 37, 6, 22, 148, 38, 3, 28, 85, 39, 3, 31, 72, 40, 5, 34, 109, 41, 3, 39, 46, 26, 3,
//     42, 65, 27, 4, 45, 112, 44, 4, 49, 164, 45, 3, 53, 106, 46, 8, 56, 248, 47]
// expect u2 = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
//     1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
//     1, 1, 1, 1, 1, 1, 1]
// peer-bug glslang: inclusive `WavePrefixSum` (wave_prefix_exclusive), so every bucket offset is off by its own count
RWStructuredBuffer<uint> Keys : register(u0);
RWStructuredBuffer<uint> Stats : register(u1);
RWStructuredBuffer<uint> Ok : register(u2);

groupshared uint counts[16];
groupshared uint offsets[16];
groupshared uint cursor[16];
groupshared uint waveTotals[64];
groupshared uint sorted[64];

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint v = (t * t * 7 + 3 * t + (t >> 2)) % 50;
    uint bucket = v % 16;
    if (t < 16) {
        counts[t] = 0;
        cursor[t] = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(counts[bucket], 1);
    GroupMemoryBarrierWithGroupSync();

    uint c = t < 16 ? counts[t] : 0;
    uint wave = t / WaveGetLaneCount();
    uint prefix = WavePrefixSum(c);
    uint total = WaveActiveSum(c);
    if (WaveIsFirstLane())
        waveTotals[wave] = total;
    GroupMemoryBarrierWithGroupSync();
    for (uint w = 0; w < wave; ++w)
        prefix += waveTotals[w];
    if (t < 16)
        offsets[t] = prefix;
    GroupMemoryBarrierWithGroupSync();

    uint original;
    InterlockedAdd(cursor[bucket], 1, original);
    uint slot = offsets[bucket] + original;
    sorted[slot] = v;
    GroupMemoryBarrierWithGroupSync();

    Keys[t] = sorted[t] % 16;
    Ok[t] = slot >= offsets[bucket] && slot < offsets[bucket] + counts[bucket] ? 1 : 0;
    if (t < 16) {
        uint sum = 0;
        for (uint i = 0; i < counts[t]; ++i)
            sum += sorted[offsets[t] + i];
        Stats[4 * t + 0] = counts[t];
        Stats[4 * t + 1] = offsets[t];
        Stats[4 * t + 2] = sum;
    }
    InterlockedMax(Stats[4 * bucket + 3], v);
}
