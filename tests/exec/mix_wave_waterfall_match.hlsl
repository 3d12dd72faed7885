// Material-id scalarization as deferred renderers write it: each lane holds a material id;
// a `while (true)` "waterfall" loop takes WaveReadLaneFirst of the still-active lanes' ids, and
// the lanes whose id matches do that material's work (WaveActiveSum of their thread ids,
// WavePrefixCountBits, a ballot's countbits) and `break`, so each material is handled once per
// wave with a uniform id. Beside it the SM 6.5 form of the same grouping: WaveMatch gives each
// lane its peers, and WaveMultiPrefixSum / CountBits / Product run exclusive prefixes inside
// each peer group. Per thread t (32 threads, waves of 8 lanes on lavapipe): iterations until
// its id came up (position of its id among the wave's ids in order of first lane, plus 1),
// sum of its group's thread ids, rank in the group, group size (ballot), group size
// (WaveMatch), exclusive multiprefix sum of t, count, product of (t % 3 + 1). (lavapipe
// needs hlslc's trip counter in this loop: wave_ops_unbounded_loops.)
// Expected values: tests/exec/mix/models.py (wave_waterfall_match).
// requires subgroup
// exec: -T cs_6_5 -E main dispatch 1 1 1
// buffer t0 ro uint[32] = [3, 1, 3, 3, 7, 1, 0, 7,  5, 5, 5, 5, 5, 5, 5, 5,
//     2, 4, 6, 8, 2, 4, 6, 8,  9, 0, 9, 1, 0, 9, 1, 0]
// buffer u1 rw uint[256] = 0
// expect u1 = [1, 5, 0, 3, 3, 0, 0, 1, 2, 6, 0, 2, 2, 0, 0, 1, 1, 5, 1, 3, 3, 0, 1, 1, 1, 5, 2, 3,
//     3, 2, 2, 3, 3, 11, 0, 2, 2, 0, 0, 1, 2, 6, 1, 2, 2, 1, 1, 2, 4, 6, 0, 1, 1, 0, 0, 1, 3, 11,
//     1, 2, 2, 4, 1, 2, 1, 92, 0, 8, 8, 0, 0, 1, 1, 92, 1, 8, 8, 8, 1, 3, 1, 92, 2, 8, 8, 17, 2, 3,
//     1, 92, 3, 8, 8, 27, 3, 6, 1, 92, 4, 8, 8, 38, 4, 18, 1, 92, 5, 8, 8, 50, 5, 18, 1, 92, 6, 8,
//     8, 63, 6, 36, 1, 92, 7, 8, 8, 77, 7, 108, 1, 36, 0, 2, 2, 0, 0, 1, 2, 38, 0, 2, 2, 0, 0, 1,
//     3, 40, 0, 2, 2, 0, 0, 1, 4, 42, 0, 2, 2, 0, 0, 1, 1, 36, 1, 2, 2, 16, 1, 2, 2, 38, 1, 2, 2,
//     17, 1, 3, 3, 40, 1, 2, 2, 18, 1, 1, 4, 42, 1, 2, 2, 19, 1, 2, 1, 79, 0, 3, 3, 0, 0, 1, 2, 84,
//     0, 3, 3, 0, 0, 1, 1, 79, 1, 3, 3, 24, 1, 1, 3, 57, 0, 2, 2, 0, 0, 1, 2, 84, 1, 3, 3, 25, 1,
//     2, 1, 79, 2, 3, 3, 50, 2, 3, 3, 57, 1, 2, 2, 27, 1, 1, 2, 84, 2, 3, 3, 53, 2, 4]
// peer-bug glslang: no WaveMatch or WaveMultiPrefix* intrinsics
StructuredBuffer<uint> MaterialIds : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

uint peerCount(uint4 mask) {
    return countbits(mask.x) + countbits(mask.y) + countbits(mask.z) + countbits(mask.w);
}

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
    const uint key = MaterialIds[t];

    uint4 peers = WaveMatch(key);
    uint groupSize = peerCount(peers);
    uint prefixSum = WaveMultiPrefixSum(t, peers);
    uint prefixCount = WaveMultiPrefixCountBits(true, peers);
    uint prefixProduct = WaveMultiPrefixProduct(t % 3 + 1, peers);

    uint rounds = 0, total = 0, rank = 0, members = 0;
    while (true) {
        uint first = WaveReadLaneFirst(key);
        ++rounds;
        [branch] if (key == first) {
            total = WaveActiveSum(t);
            rank = WavePrefixCountBits(true);
            members = countbits(WaveActiveBallot(true).x);
            break;
        }
    }

    uint o = t * 8;
    Out[o + 0] = rounds;
    Out[o + 1] = total;
    Out[o + 2] = rank;
    Out[o + 3] = members;
    Out[o + 4] = groupSize;
    Out[o + 5] = prefixSum;
    Out[o + 6] = prefixCount;
    Out[o + 7] = prefixProduct;
}
