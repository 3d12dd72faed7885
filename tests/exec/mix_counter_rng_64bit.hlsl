// Counter-based and 64-bit-state random number generators as GPU path tracers write them:
// Philox2x32-10 as a struct with a `uint` key and a method (each round a 32x32 → 64-bit
// product through uint64_t, split into hi/lo), and PCG32 as a struct { uint64_t state, inc; }
// (64-bit LCG step with wrap-around, xorshift, a rotate by the top 5 bits) seeded by a
// function returning the struct, then its state published in a groupshared uint64_t array
// and read back by the neighbour thread after a barrier. Per thread t: philox((t, 0x1234),
// 0xCAFE + 7t) (2 words), two PCG outputs, 10 * (third % 6) + fourth % 6, and the
// neighbour's final state as low word, high word, top 3 bits.
// Expected values: tests/exec/mix/models.py (counter_rng_64bit; PCG32 as in O'Neill's
// pcg32_random_r with pcg32_srandom_r seeding).
// requires int64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = [3673559870, 3318270507, 1774745655, 1721023772, 0, 1852023930, 1974517235, 3,
//     3111259038, 1688970850, 3706952695, 3244145584, 45, 384717995, 1073651158, 1, 690372330,
//     2235363229, 3248537212, 1128494977, 13, 3212379356, 172785080, 0, 1440791646, 383976404,
//     340937467, 3707210771, 4, 1745073421, 3566886299, 6, 5250641, 4231564649, 3447855960,
//     4199997676, 45, 277767486, 2666020222, 4, 4033964334, 1546157039, 196970625, 2273917912,
//     15, 3105428847, 1765154144, 3, 197531015, 2591902586, 380043705, 3463723300, 5,
//     1638122912, 864288067, 1, 4095237687, 4037700761, 3683032990, 2518931261, 25, 3319329865,
//     2875383312, 5]
// peer-bug glslang: unknown type name `uint64_t`
RWStructuredBuffer<uint> Out : register(u0);

struct Philox2x32 {
    uint key;

    uint2 round(uint2 ctr, uint k) {
        uint64_t prod = (uint64_t)0xD256D193u * ctr.x;
        uint hi = (uint)(prod >> 32);
        uint lo = (uint)prod;
        return uint2(hi ^ k ^ ctr.y, lo);
    }

    uint2 generate(uint2 ctr) {
        uint k = key;
        [unroll]
        for (int i = 0; i < 10; ++i) {
            ctr = round(ctr, k);
            k += 0x9E3779B9u;
        }
        return ctr;
    }
};

struct Pcg32 {
    uint64_t state;
    uint64_t inc;

    uint next() {
        uint64_t old = state;
        state = old * 6364136223846793005ULL + inc;
        uint x = (uint)(((old >> 18u) ^ old) >> 27u);
        uint rot = (uint)(old >> 59u);
        return (x >> rot) | (x << ((32 - rot) & 31));
    }
};

Pcg32 pcgSeed(uint64_t seed, uint64_t seq) {
    Pcg32 g;
    g.state = 0;
    g.inc = (seq << 1u) | 1u;
    g.next();
    g.state += seed;
    g.next();
    return g;
}

groupshared uint64_t states[8];

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Philox2x32 ph;
    ph.key = 0xCAFEu + t * 7;
    uint2 r = ph.generate(uint2(t, 0x1234));

    Pcg32 g = pcgSeed(0x853C49E6748FEA9BULL + t, t);
    uint a = g.next(), b = g.next(), c = g.next(), d = g.next();
    states[t] = g.state;
    GroupMemoryBarrierWithGroupSync();
    uint64_t s = states[(t + 1) & 7];

    uint row[8] = { r, a, b, (c % 6) * 10 + d % 6, (uint)s, (uint)(s >> 32), (uint)(s >> 61) };
    for (uint k = 0; k < 8; ++k)
        Out[8 * t + k] = row[k];
}
