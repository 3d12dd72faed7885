// Persistent-thread loops whose exit is decided by the whole wave, as work-draining compute
// passes write them: `do { … } while (WaveActiveAnyTrue(remaining > 0))` (the wave operation in
// the loop condition; lanes with no work left keep looping idle until every lane is done, and
// a lane skips some items with `continue`, which goes to the condition), and `while (true) {
// if (WaveActiveAllTrue(remaining == 0)) break; … }` counting, in each round, the lanes of
// its wave still busy (WaveActiveCountBits inside an `if`). Every lane leaves at the same
// iteration, so the trip counter hlslc adds (wave_ops_unbounded_loops) is never the exit.
// Per thread t (32 threads, waves of 8 on lavapipe) with work w: rounds of loop 1 (the wave's
// largest w, at least 1), the sum of t + r over its rounds r < w not skipped ((t + r) % 3 == 0
// is skipped), the skipped count, rounds of loop 2 (the wave's largest w), and the sum over
// its busy rounds of the busy lanes.
// Expected values: tests/exec/mix/models.py (wave_uniform_exit_loops).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[32] = [3, 0, 5, 1, 1, 2, 0, 4,  0, 0, 0, 0, 0, 0, 0, 0,  7, 7, 7, 7, 7, 7, 7, 7,
//     1, 2, 3, 4, 5, 6, 7, 8]
// buffer u1 rw uint[160] = 0
// expect u1 = [5, 3, 1, 5, 13, 5, 0, 0, 5, 0, 5, 11, 2, 5, 16, 5, 0, 1, 5, 6, 5, 4, 0, 5, 6, 5, 5,
//     1, 5, 10, 5, 0, 0, 5, 0, 5, 25, 1, 5, 15, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0,
//     0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 7, 94, 2, 7, 56, 7, 101,
//     2, 7, 56, 7, 84, 3, 7, 56, 7, 109, 2, 7, 56, 7, 116, 2, 7, 56, 7, 96, 3, 7, 56, 7, 124, 2, 7,
//     56, 7, 131, 2, 7, 56, 8, 0, 1, 8, 8, 8, 51, 0, 8, 15, 8, 54, 1, 8, 21, 8, 57, 2, 8, 26, 8,
//     120, 1, 8, 30, 8, 126, 2, 8, 33, 8, 132, 3, 8, 35, 8, 207, 2, 8, 36]
StructuredBuffer<uint> Work : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint work = Work[t];

    uint remaining = work, round = 0, done = 0, skipped = 0;
    do {
        uint r = round++;
        if (remaining > 0) {
            --remaining;
            if ((t + r) % 3 == 0) {
                ++skipped;
                continue;
            }
            done += t + r;
        }
    } while (WaveActiveAnyTrue(remaining > 0));

    uint rounds2 = 0, busy = 0;
    remaining = work;
    while (true) {
        if (WaveActiveAllTrue(remaining == 0))
            break;
        if (remaining > 0) {
            busy += WaveActiveCountBits(true);
            --remaining;
        }
        ++rounds2;
    }

    uint o = t * 5;
    Out[o + 0] = round;
    Out[o + 1] = done;
    Out[o + 2] = skipped;
    Out[o + 3] = rounds2;
    Out[o + 4] = busy;
}
