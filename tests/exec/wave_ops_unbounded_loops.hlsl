// Wave operations in loops left only by `break`, in the three spellings scalarization loops
// use (one wave of 8 lanes, keys 3, 1, 3, 3, 7, 1, 0, 7): `while (true)` and `for (;;)` with
// the wave operations in the branch that breaks (first = WaveReadLaneFirst(key); the lanes
// with key == first take WaveActiveSum(t), WavePrefixCountBits(true) and the ballot's count,
// then leave), and `do { … } while (true)` with the wave operations before the test, so every
// lane still in the loop takes part each round. Each lane must keep the values of the
// iteration it left in: (rounds, sum, rank, count) per lane, by hand:
//   in the branch: keys come up in the order 3 (lanes 0, 2, 3: sum 5), 1 (1, 5: 6), 7 (4, 7:
//   11), 0 (6: 6);
//   before the test: round 1 has all 8 lanes (sum 28, count 8), round 2 lanes 1, 4, 5, 6, 7
//   (23, 5), round 3 lanes 4, 6, 7 (17, 3), round 4 lane 6 (6, 1); rank = position among them.
// lavapipe (Mesa 22.3.6) gives every lane the last iteration's values in all three loops,
// from glslang's SPIR-V too; a loop with a real exit test runs right. hlslc's SPIR-V gives
// such loops an exit test at their head that is never taken (`loop_exit_guard ==
// 4294967295u` on the local invocation index, lowering/src/passes/loop_exit_guard.rs), which
// avoids it; wave_ops_unbounded_loops_2d is this kernel in an 8x2 thread group.
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = [3, 1, 3, 3, 7, 1, 0, 7]
// buffer u1 rw uint[96] = 0
// expect u1 = [1, 5, 0, 3,  2, 6, 0, 2,  1, 5, 1, 3,  1, 5, 2, 3,  3, 11, 0, 2,  2, 6, 1, 2,
//     4, 6, 0, 1,  3, 11, 1, 2,
//     1, 5, 0, 3,  2, 6, 0, 2,  1, 5, 1, 3,  1, 5, 2, 3,  3, 11, 0, 2,  2, 6, 1, 2,
//     4, 6, 0, 1,  3, 11, 1, 2,
//     1, 28, 0, 8,  2, 23, 0, 5,  1, 28, 2, 8,  1, 28, 3, 8,  3, 17, 0, 3,  2, 23, 2, 5,
//     4, 6, 0, 1,  3, 17, 2, 3]
// peer-bug glslang: lavapipe gives every lane the last iteration's wave results in loops left only by `break` (see above); glslang's SPIR-V has no counter
StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

void put(uint slot, uint rounds, uint total, uint rank, uint members) {
    Out[slot] = rounds;
    Out[slot + 1] = total;
    Out[slot + 2] = rank;
    Out[slot + 3] = members;
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    const uint key = Keys[t];

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
    put(t * 4, rounds, total, rank, members);

    rounds = 0;
    for (;;) {
        uint first = WaveReadLaneFirst(key);
        ++rounds;
        if (key == first) {
            total = WaveActiveSum(t);
            rank = WavePrefixCountBits(true);
            members = countbits(WaveActiveBallot(true).x);
            break;
        }
    }
    put(32 + t * 4, rounds, total, rank, members);

    rounds = 0;
    do {
        uint first = WaveReadLaneFirst(key);
        ++rounds;
        total = WaveActiveSum(t);
        rank = WavePrefixCountBits(true);
        members = WaveActiveCountBits(true);
        if (key == first)
            break;
    } while (true);
    put(64 + t * 4, rounds, total, rank, members);
}
