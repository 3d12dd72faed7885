// A random-number generator written as a struct with methods (xorshift32 `next`, a 24-bit
// `nextFloat`, Lemire's `below(n)` through a 64-bit product), seeded by a function that
// returns the struct, advanced through an `inout` parameter, kept in a `static` global,
// published to a groupshared array of the struct and read back as a neighbour's copy after
// the barrier; the copy drives a Monte-Carlo loop (integer quarter-circle hits, 12-bit
// coordinates) and a histogram of `nextFloat()` over 8 buckets with InterlockedAdd. The static
// global is advanced once more at the end: the loop ran on a copy, so it must not have moved.
// Expected values: tests/exec/mix/models.py (rng_struct_groupshared).
// requires int64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[16] = 0
// buffer u1 rw uint[8] = 0
// buffer u2 rw uint[16] = 0
// buffer u3 rw uint[16] = 0
// expect u0 = [24, 26, 21, 24, 26, 18, 27, 27, 27, 23, 24, 28, 27, 26, 24, 25]
// expect u1 = [52, 67, 72, 78, 62, 64, 63, 54]
// expect u2 = [292, 230, 888, 763, 258, 355, 420, 982, 362, 255, 582, 584, 253, 413, 773, 380]
// expect u3 = [858826893, 36453635, 2856639297, 2323202985, 1997615337, 534033348, 3833377606,
//     3947450309, 3143833700, 1808939213, 4021033468, 813686322, 4005554023, 2145710649,
//     2846337467, 710890878]
// peer-bug glslang: refuses the `(uint64_t)x` cast
RWStructuredBuffer<uint> Hits : register(u0);
RWStructuredBuffer<uint> Buckets : register(u1);
RWStructuredBuffer<uint> Picks : register(u2);
RWStructuredBuffer<uint> States : register(u3);

struct Rng {
    uint s;

    uint next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return s;
    }
    float nextFloat() { return (float)(next() >> 8) * (1.0f / 16777216.0f); }
    uint below(uint n) { return (uint)(((uint64_t)next() * n) >> 32); }
};

static Rng gRng;
groupshared Rng sharedRng[16];

void advance(inout Rng r, uint k) {
    for (uint i = 0; i < k; ++i)
        r.next();
}

Rng seeded(uint t) {
    Rng r;
    r.s = (t * 0x9E3779B9u) ^ 0xA5A5A5A5u;
    if (r.s == 0)
        r.s = 1;
    return r;
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex) {
    gRng = seeded(t);
    advance(gRng, t & 3);
    sharedRng[t] = gRng;
    GroupMemoryBarrierWithGroupSync();

    Rng r = sharedRng[(t + 5) & 15];
    uint hits = 0;
    [loop]
    for (uint i = 0; i < 32; ++i) {
        uint x = r.next() >> 20, y = r.next() >> 20;
        if (x * x + y * y < 4096u * 4096u)
            hits++;
        float u = r.nextFloat();
        InterlockedAdd(Buckets[(uint)(u * 8.0f)], 1);
    }
    Hits[t] = hits;
    Picks[t] = r.below(1000);
    gRng.next();
    States[t] = gRng.s;
}
