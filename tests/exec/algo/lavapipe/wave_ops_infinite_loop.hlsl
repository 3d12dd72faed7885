// Reduction of a lavapipe (Mesa 22.3.6) miscompile found with mix_wave_waterfall_match: a
// scalarization loop `while (true) { first = WaveReadLaneFirst(key); ++rounds; if (key ==
// first) { total = WaveActiveSum(t); rank = WavePrefixCountBits(true); members =
// countbits(WaveActiveBallot(true).x); break; } }` over keys 3, 1, 3, 3, 7, 1, 0, 7 (one wave
// of 8 lanes). Each lane should keep the values of the iteration in which it left: rounds,
// the sum of t over its key's lanes, its rank among them and their count. On lavapipe every
// lane gets the last iteration's values (total 6, members 1, rank 0 for lane 6 and
// 0xFFFFFFFF for the others), from hlslc's SPIR-V and glslang's alike; `do { … } while
// (true)` and wave operations before the `if` fail the same way, while a loop with a real
// condition (`while (rounds < 100)`), and hlslc's WGSL (wgpu bounds every loop with a
// counter), run right. Not run by `cargo test --test exec`; run it on another driver with
//   HLSLC_EXEC_DIR=tests/exec/algo/lavapipe HLSLC_EXEC_LIST=1 cargo test --test exec -- --nocapture
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = [3, 1, 3, 3, 7, 1, 0, 7]
// buffer u1 rw uint[32] = 0
// expect u1 = [1, 5, 0, 3,  2, 6, 0, 2,  1, 5, 1, 3,  1, 5, 2, 3,  3, 11, 0, 2,  2, 6, 1, 2,
//     4, 6, 0, 1,  3, 11, 1, 2]
StructuredBuffer<uint> MaterialIds : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    const uint key = MaterialIds[t];
    uint rounds = 0, total = 0, rank = 0, members = 0;
    while (true) {
        uint first = WaveReadLaneFirst(key);
        ++rounds;
        if (key == first) {
            total = WaveActiveSum(t);
            rank = WavePrefixCountBits(true);
            members = countbits(WaveActiveBallot(true).x);
            break;
        }
    }
    Out[t * 4 + 0] = rounds;
    Out[t * 4 + 1] = total;
    Out[t * 4 + 2] = rank;
    Out[t * 4 + 3] = members;
}
