// A "waterfall" loop over the distinct keys of a wave: each iteration takes the first
// active lane's key with WaveReadLaneFirst, the lanes holding it count themselves and sum
// their indices with WaveActiveCountBits / WaveActiveSum inside that divergent branch, the
// wave's first such lane adds both to groupshared bins with InterlockedAdd, and those
// lanes leave the loop with break. Results are order-independent: per key, the number of
// lanes and the sum of their SV_GroupIndex; per lane, its key's group-wide count.
// Expected values: tests/exec/algo/models.py (wave_waterfall).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[12] = 0
// buffer u2 rw uint[64] = 0
// buffer t0 ro uint[64] = [2, 5, 0, 5, 2, 2, 2, 4, 3, 5, 2, 4, 0, 4, 0, 4,
//     0, 2, 2, 0, 0, 3, 3, 4, 5, 1, 3, 5, 4, 2, 2, 4,
//     1, 4, 1, 3, 4, 3, 1, 2, 0, 0, 4, 2, 2, 3, 3, 2,
//     2, 5, 2, 0, 4, 2, 5, 0, 3, 0, 0, 1, 1, 5, 1, 2]
// expect u1 = [12, 7, 17, 9, 11, 8, 385, 310, 506, 296, 291, 228]
// expect u2 = [17, 8, 12, 8, 17, 17, 17, 11, 9, 8, 17, 11, 12, 11, 12, 11,
//     12, 17, 17, 12, 12, 9, 9, 11, 8, 7, 9, 8, 11, 17, 17, 11,
//     7, 11, 7, 9, 11, 9, 7, 17, 12, 12, 11, 17, 17, 9, 9, 17,
//     17, 8, 17, 12, 11, 17, 8, 12, 9, 12, 12, 7, 7, 8, 7, 17]
StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint> Bins : register(u1);
RWStructuredBuffer<uint> PerLane : register(u2);

groupshared uint counts[6];
groupshared uint sums[6];

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    if (gi < 6) {
        counts[gi] = 0;
        sums[gi] = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    uint key = Keys[gi];
    for (;;) {
        uint first = WaveReadLaneFirst(key);
        if (key == first) {
            uint n = WaveActiveCountBits(true);
            uint s = WaveActiveSum(gi);
            if (WaveIsFirstLane()) {
                InterlockedAdd(counts[key], n);
                InterlockedAdd(sums[key], s);
            }
            break;
        }
    }
    GroupMemoryBarrierWithGroupSync();
    if (gi < 6) {
        Bins[gi] = counts[gi];
        Bins[6 + gi] = sums[gi];
    }
    PerLane[gi] = counts[key];
}
