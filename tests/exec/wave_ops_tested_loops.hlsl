// Wave operations in loops that have a real exit test but leave by `break` (the companion of
// wave_ops_unbounded_loops, same keys and values): `while (rounds < 100)`, a `for` with a
// counted condition, and `do { … } while (rounds < 100)`. No test ever fails, so each lane must
// keep the values of the iteration it left in, as in that kernel. lavapipe runs the first two
// right without an extra exit test, so `loop_exit_guard` leaves loops tested at their head
// alone (a test there would only cost time); the `do … while` gets its guard, because
// lavapipe gets glslang's form of it wrong.
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
// peer-bug glslang: lavapipe gives every lane the last iteration's wave results in glslang's `do … while (c)` loop (values 64-95), as in the loops left only by `break` of wave_ops_unbounded_loops; glslang's SPIR-V has no counter
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
    while (rounds < 100) {
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
    for (uint r = 0; r < 100; ++r) {
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
    } while (rounds < 100);
    put(64 + t * 4, rounds, total, rank, members);
}
