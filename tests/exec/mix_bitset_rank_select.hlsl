// A 128-bit bitset utility as GPU occupancy and sparse-set code writes it: a struct over a
// uint4 with methods `test`, `count`, `rank(i)` (set bits below i: `countbits` of whole words
// plus a masked word, with the i % 32 == 0 edge handled by a ternary), `select(k)` (the k-th
// set bit: a word-skipping loop then a bit loop with `firstbitlow` and clearing the lowest
// bit), `highest()` (`firstbithigh` on the last non-empty word) and `lowest()`, plus
// `reversebits` of a word and `countbits` of an xor. The words are hashes of t.
// Per thread: count, rank(50), rank(100), select(0), select(count / 2), select(count - 1),
// highest, lowest, reversebits(word 0), countbits(word1 ^ word2).
// Expected values: tests/exec/mix/models.py (bitset_rank_select).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[40] = 0
// expect u0 = [56, 26, 48, 0, 54, 117, 117, 0, 3975635912, 13, 53, 27, 44, 1, 47, 121, 121, 1,
//     1987817952, 14, 47, 20, 42, 0, 56, 120, 120, 0, 2779982552, 15, 67, 30, 53, 2, 57, 121,
//     121, 2, 993908976, 16]
RWStructuredBuffer<uint> Out : register(u0);

struct Bitset128 {
    uint4 w;

    bool test(uint i) { return (w[i >> 5] >> (i & 31)) & 1; }
    uint count() { return countbits(w.x) + countbits(w.y) + countbits(w.z) + countbits(w.w); }

    uint rank(uint i) {
        uint r = 0;
        uint word = i >> 5;
        for (uint k = 0; k < word; ++k)
            r += countbits(w[k]);
        uint rest = i & 31;
        r += rest == 0 ? 0 : countbits(w[word] & ((1u << rest) - 1));
        return r;
    }

    uint select(uint k) {
        for (uint word = 0; word < 4; ++word) {
            uint n = countbits(w[word]);
            if (k >= n) {
                k -= n;
                continue;
            }
            uint bits = w[word];
            while (k > 0) {
                bits &= bits - 1;
                k--;
            }
            return word * 32 + firstbitlow(bits);
        }
        return 0xFFFFFFFFu;
    }

    uint highest() {
        for (int word = 3; word >= 0; --word)
            if (w[word] != 0)
                return word * 32 + firstbithigh(w[word]);
        return 0xFFFFFFFFu;
    }

    uint lowest() {
        [unroll]
        for (uint word = 0; word < 4; ++word)
            if (w[word] != 0)
                return word * 32 + firstbitlow(w[word]);
        return 0xFFFFFFFFu;
    }
};

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Bitset128 s;
    for (uint i = 0; i < 4; ++i)
        s.w[i] = (0x9E3779B9u * (t + 1 + 4 * i)) >> (i + 3);
    uint n = s.count();
    uint row[10] = { n, s.rank(50), s.rank(100), s.select(0), s.select(n / 2), s.select(n - 1),
                     s.highest(), s.lowest(), reversebits(s.w.x), countbits(s.w.y ^ s.w.z) };
    for (uint k = 0; k < 10; ++k)
        Out[10 * t + k] = row[k];
}
