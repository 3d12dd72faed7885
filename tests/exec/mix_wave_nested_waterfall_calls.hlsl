// Scalarization wrapped in helper functions and run inside an outer loop, as bindless
// lighting loops do: `scalarSum(key, value)` is a `while (true)` waterfall (WaveReadLaneFirst
// of the key; the matching lanes take WaveActiveSum of their values and `break`) that also
// counts its rounds through an `inout`; the entry point calls it in a `for` over 3 passes with
// a different key per pass ((key + pass) % 3), and then runs a `do { … } while (true)` loop
// whose body calls `firstLane(key)` (a helper holding WaveReadLaneFirst) to find the lowest
// lane with the same original key. Per thread t (16 threads, waves of 8 on lavapipe): acc =
// sum over passes of (pass + 1) × the sum of (t' + pass) over the lanes t' of its wave with
// the same pass key, the total rounds, and the leader lane's thread id. (The waterfalls need
// hlslc's trip counter on lavapipe: wave_ops_unbounded_loops.)
// Expected values: tests/exec/mix/models.py (wave_nested_waterfall_calls).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[16] = [4, 1, 4, 0, 2, 2, 7, 1, 3, 3, 3, 3, 0, 5, 0, 5]
// buffer u1 rw uint[48] = 0
// expect u1 = [136, 3, 0, 136, 3, 1, 136, 3, 0, 26, 6, 3, 70, 9, 4, 70, 9, 4, 136, 3, 6, 136, 3, 1,
//     432, 3, 8, 432, 3, 8, 432, 3, 8, 432, 3, 8, 432, 3, 12, 184, 6, 13, 432, 3, 12, 184, 6, 13]
// peer-bug glslang: its SPIR-V has no trip counter, and lavapipe gives every lane the last iteration's wave results in loops left only by `break` (wave_ops_unbounded_loops)
StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

uint scalarSum(uint key, uint value, inout uint rounds) {
    uint result = 0;
    while (true) {
        uint first = WaveReadLaneFirst(key);
        ++rounds;
        if (first == key) {
            result = WaveActiveSum(value);
            break;
        }
    }
    return result;
}

uint firstLane(uint key, uint t) {
    return WaveReadLaneFirst(t) | (WaveReadLaneFirst(key) == key ? 0x80000000 : 0);
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint original = Keys[t];
    uint acc = 0, rounds = 0;
    for (uint pass = 0; pass < 3; ++pass) {
        uint key = (original + pass) % 3;
        acc += scalarSum(key, t + pass, rounds) * (pass + 1);
    }
    uint leader = 0;
    do {
        uint probe = firstLane(original, t);
        if (probe & 0x80000000) {
            leader = probe & 0x7FFFFFFF;
            break;
        }
    } while (true);

    Out[t * 3 + 0] = acc;
    Out[t * 3 + 1] = rounds;
    Out[t * 3 + 2] = leader;
}
