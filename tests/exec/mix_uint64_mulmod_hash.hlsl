// 64-bit hashing arithmetic as GPU hash-table and sketch code writes it: a full 64x64 → 128-bit
// product from four 32x32 → 64-bit partial products (carries collected in uint64_t), a
// multiply modulo the Mersenne prime 2^61 - 1 built on it (fold the 128-bit product at bit 61,
// then a final compare-and-subtract), a square-and-multiply power (`while (e != 0)` over the
// exponent's bits, `e >>= 1`), and unsigned 64-bit comparisons, with the operands assembled
// from uint2 halves by `(uint64_t)hi << 32 | lo` and split again by `>> 32` and truncation.
// Per pair (a, b): low and high words of lo64(a b) and hi64(a b), of (a mod p)(b mod p) mod
// p, of (a mod p)^65537 mod p, and (a < b) | (a == b) << 1 | (hi32(a) > lo32(b)) << 2.
// Expected values: tests/exec/mix/models.py (uint64_mulmod_hash; Python integers).
// requires int64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint4[8] = [2135587861, 2654435769, 484763065, 3210233709, 4294967295, 4294967295,
//     4294967295, 4294967295, 1, 1, 4294967295, 0, 2596069104, 305419896, 2271560481, 267242409,
//     4294967294, 536870911, 4294967294, 536870911, 3, 0, 0, 2147483648, 3516067075, 3518319154,
//     321982955, 2496678331, 0, 0, 3405691582, 3735928559]
// buffer u1 rw uint[72] = 0
// expect u1 = [1820750893, 3597930948, 267985705, 1984033544, 3964636569, 142846468, 3932073000,
//     442086481, 5, 1, 0, 4294967294, 4294967295, 49, 0, 1218222931, 220639838, 2, 4294967295,
//     4294967295, 0, 0, 7, 0, 3525605713, 401678465, 0, 3848375536, 574019727, 2910312258,
//     19003904, 1361069825, 189180053, 3638347224, 134352151, 0, 4, 2147483648, 4294967295,
//     67108863, 1, 0, 4294967294, 536870911, 2, 0, 2147483648, 1, 0, 12, 0, 989435227, 380036735,
//     1, 3123692737, 3472457080, 2613153834, 2045210263, 2554086965, 506786357, 2380991408,
//     337629621, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1]
// peer-bug glslang: unknown type name `uint64_t`
StructuredBuffer<uint4> Pairs : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

static const uint64_t P = ((uint64_t)1 << 61) - 1;

uint64_t join(uint2 v) { return (uint64_t)v.y << 32 | v.x; }

void mul128(uint64_t a, uint64_t b, out uint64_t hi, out uint64_t lo) {
    uint64_t a0 = a & 0xFFFFFFFF, a1 = a >> 32;
    uint64_t b0 = b & 0xFFFFFFFF, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFF) + (p10 & 0xFFFFFFFF);
    lo = (mid << 32) | (p00 & 0xFFFFFFFF);
    hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

uint64_t mulmod(uint64_t a, uint64_t b) {
    uint64_t hi, lo;
    mul128(a, b, hi, lo);
    uint64_t r = (lo & P) + (lo >> 61) + (hi << 3);
    r = (r & P) + (r >> 61);
    return r >= P ? r - P : r;
}

uint64_t powmod(uint64_t base, uint e) {
    uint64_t result = 1;
    while (e != 0) {
        if (e & 1)
            result = mulmod(result, base);
        base = mulmod(base, base);
        e >>= 1;
    }
    return result;
}

void put(uint o, uint64_t v) {
    Out[o] = (uint)v;
    Out[o + 1] = (uint)(v >> 32);
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint4 w = Pairs[t];
    uint64_t a = join(w.xy), b = join(w.zw);
    uint64_t hi, lo;
    mul128(a, b, hi, lo);
    uint64_t am = a % P, bm = b % P;
    uint o = t * 9;
    put(o, lo);
    put(o + 2, hi);
    put(o + 4, mulmod(am, bm));
    put(o + 6, powmod(am, 65537));
    Out[o + 8] = (uint)(a < b) | (uint)(a == b) << 1 | (uint)((a >> 32) > (b & 0xFFFFFFFF)) << 2;
}
