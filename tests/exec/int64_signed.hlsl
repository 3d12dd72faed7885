// Signed 64-bit integers (int64_t): buffers of 8-byte signed elements, division truncating
// toward zero (-7 / 2 = -3, -7 % 2 = -1), sign-extension of an int (-1 → -1), negation,
// INT64_MIN + 1, and a product that needs more than 32 bits.
// requires int64
// peer-bug glslang: does not know int64_t ("'int64_t' : unknown variable"; uint64_t works)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro i64[3] = [-7, -9223372036854775808, 3000000000]
// buffer u1 rw i64[6] = 0
// expect u1 = [-3, -1, -1, 7, -9223372036854775807, -9000000000]
StructuredBuffer<int64_t> src : register(t0);
RWStructuredBuffer<int64_t> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int64_t a = src[0];
    dst[0] = a / 2;
    dst[1] = a % 2;
    int m1 = (int)(a + 6);                    // -1
    dst[2] = m1;                              // sign-extended
    dst[3] = -a;
    dst[4] = src[1] + 1;
    dst[5] = src[2] * -3;
}
