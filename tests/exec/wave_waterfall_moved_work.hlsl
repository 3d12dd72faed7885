// Work in the branch that leaves a loop left only by `break` (or tested at its end), which
// hlslc's SPIR-V moves after the loop (lowering/src/passes/break_sinking.rs) because the
// never-taken guard test at the loop's head (loop_exit_guard.rs) keeps drivers from doing so.
// One wave of 8 lanes, keys 3, 1, 3, 3, 7, 1, 0, 7; per lane 4 words:
// - a `while (true)` waterfall: first = WaveReadLaneFirst(key), ++rounds; the lanes with
//   key == first hash (first * 16 + rounds) four times with table[(first + i) & 7] through a
//   helper and leave. Keys come up as 3 (lanes 0, 2, 3), 1 (1, 5), 7 (4, 7), 0 (6): rounds
//   1, 2, 1, 1, 3, 2, 4, 3, and each lane's hash is that of its key's round;
// - three runs (j = 0, 1, 2) of a `for (;;)` loop nested in a `for`: n = key + 5j + t, then
//   n = n / 2 + 1 until n < 4 (a heavy branch: s = sum of mix(i + j) & 255 for i = 0..n,
//   b += s + 100n) or n == 5 (a light branch: b += 1, which stays in the loop). Lanes 0, 2-7
//   leave some runs by the light branch after others by the heavy one, so the moved work
//   must be tied to the exit each run took;
// - a helper whose `do … while ((h & 255) != 0x37)` LCG loop (h = h * 1103515245 + 12345
//   from key * 7 + t) returns from a branch when h >> 28 == key & 15, after a `switch` on
//   key & 3 and a loop with `continue`: the return moves after the loop too.
// Expected values from a Python model of these steps (32-bit wrap-around), mix being the
// 32-bit murmur-style finalizer below.
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = [3, 1, 3, 3, 7, 1, 0, 7]
// buffer t2 ro uint[8] = [10, 20, 30, 40, 50, 60, 70, 80]
// buffer u1 rw uint[32] = 0
// expect u1 = [1, 52944240, 1443, 54139832,  2, 1834259925, 2493, 1635181565,
//     1, 52944240, 1894, 3793276583,  1, 52944240, 1894, 2656906197,
//     3, 676595868, 1764, 2779180645,  2, 1834259925, 1894, 3129468725,
//     4, 1599392133, 1894, 445127688,  3, 676595868, 1973, 3929526551]
// peer-bug glslang: lavapipe gives the lanes that left the `while (true)` waterfall early the hash of the last round's key (glslang's SPIR-V has no head test; see wave_ops_unbounded_loops)
StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
StructuredBuffer<uint> Table : register(t2);

uint mix(uint h) {
    h ^= h >> 16;
    h *= 0x7feb352d;
    h ^= h >> 15;
    h *= 0x846ca68b;
    h ^= h >> 16;
    return h;
}

uint probe(uint k, uint t) {
    uint h = k * 7 + t;
    do {
        h = h * 1103515245 + 12345;
        if ((h >> 28) == (k & 15)) {
            uint r = h;
            switch (k & 3) {
            case 0: r ^= 0xA5A5; break;
            case 1: r = mix(r); break;
            default: r += 77; break;
            }
            for (uint i = 0; i < 3; ++i) {
                if (i == 1)
                    continue;
                r = mix(r ^ i);
            }
            return r;
        }
    } while ((h & 0xFF) != 0x37);
    return 0xFFFFFFFF;
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    const uint key = Keys[t];

    uint rounds = 0, a = 0;
    while (true) {
        uint first = WaveReadLaneFirst(key);
        ++rounds;
        if (key == first) {
            uint h = first * 16 + rounds;
            for (uint i = 0; i < 4; ++i)
                h = mix(h + Table[(first + i) & 7]);
            a = h;
            break;
        }
    }

    uint b = 0;
    for (uint j = 0; j < 3; ++j) {
        uint n = key + j * 5 + t;
        for (;;) {
            n = n / 2 + 1;
            if (n < 4) {
                uint s = 0;
                for (uint i = 0; i <= n; ++i)
                    s += mix(i + j) & 255;
                b += s + n * 100;
                break;
            }
            if (n == 5) {
                b += 1;
                break;
            }
        }
    }

    Out[t * 4] = rounds;
    Out[t * 4 + 1] = a;
    Out[t * 4 + 2] = b;
    Out[t * 4 + 3] = probe(key, t);
}
