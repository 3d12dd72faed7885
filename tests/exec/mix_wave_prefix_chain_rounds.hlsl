// Per-lane work lists that shrink round by round, as wavefront path tracers and LOD passes run
// them: in round r = 0..3 the lanes whose factor f > r stay in the `if`; there they take the
// exclusive WavePrefixProduct(f - r) over the lanes still in (chain = chain * 7 + product),
// and the wave's first active lane (WaveIsFirstLane) adds the count of lanes in the branch
// (WaveActiveCountBits(true), taken before the nested `if`) * 100 + r to its leader total.
// After the loop every lane is back: WaveReadLaneAt(chain, (lane * 3 + 1) & 7) (a computed
// lane: lane 3l + 1 mod 8), WaveReadLaneFirst(steps) and
// WaveActiveMax(steps). Six words per thread (32 threads, waves of 8 on lavapipe): chain,
// leader total, steps, the neighbour's chain, lane 0's steps, the wave's most steps.
// Expected values: tests/exec/mix/models.py (wave_prefix_chain_rounds).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[32] = [3, 1, 4, 1, 2, 0, 2, 3,  4, 4, 4, 4, 4, 4, 4, 4,  0, 0, 0, 0, 0, 0, 0, 1,
//     2, 3, 2, 3, 1, 4, 1, 4]
// buffer u1 rw uint[192] = 0
// expect u1 = [400, 1503, 3, 10, 3, 4, 10, 0, 1, 139, 3, 4, 3536, 103, 4, 2739, 3, 4, 19, 0, 1,
//     3536, 3, 4, 139, 0, 2, 1, 3, 4, 1, 0, 0, 400, 3, 4, 223, 0, 2, 19, 3, 4, 2739, 0, 3, 223, 3,
//     4, 2801, 3206, 4, 3935, 4, 4, 3935, 0, 4, 94291, 4, 4, 8359, 0, 4, 5730173, 4, 4, 25733, 0,
//     4, 8359, 4, 4, 94291, 0, 4, 365765, 4, 4, 365765, 0, 4, 2801, 4, 4, 1443499, 0, 4, 25733, 4,
//     4, 5730173, 0, 4, 1443499, 4, 4, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 8, 0, 1, 1, 0,
//     0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 8, 100, 1, 1, 0, 1, 57,
//     1401, 2, 449, 2, 4, 449, 402, 3, 43, 2, 4, 93, 0, 2, 52396, 2, 4, 946, 0, 3, 93, 2, 4, 43, 0,
//     1, 14953, 2, 4, 14953, 203, 4, 57, 2, 4, 151, 0, 1, 946, 2, 4, 52396, 0, 4, 151, 2, 4]
// peer-bug glslang: `WavePrefixProduct` is inclusive (wave_prefix_exclusive)
StructuredBuffer<uint> Factors : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint lane = WaveGetLaneIndex();
    uint f = Factors[t];
    uint chain = 1, leader = 0, steps = 0;
    for (uint r = 0; r < 4; ++r) {
        if (f > r) {
            uint product = WavePrefixProduct(f - r);
            chain = chain * 7 + product;
            ++steps;
            uint active = WaveActiveCountBits(true);
            if (WaveIsFirstLane())
                leader += active * 100 + r;
        }
    }
    uint neighbour = WaveReadLaneAt(chain, (lane * 3 + 1) & 7);
    uint firstSteps = WaveReadLaneFirst(steps);
    uint most = WaveActiveMax(steps);

    uint o = t * 6;
    Out[o + 0] = chain;
    Out[o + 1] = leader;
    Out[o + 2] = steps;
    Out[o + 3] = neighbour;
    Out[o + 4] = firstSteps;
    Out[o + 5] = most;
}
