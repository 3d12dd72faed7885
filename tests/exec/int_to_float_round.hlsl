// int/uint → float conversion rounds to nearest, ties to even: 2^24 + 1 → 2^24,
// 2^24 + 3 → 2^24 + 4, 0xFFFFFFFF → 2^32, INT_MAX → 2^31. Also float → int → float.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[6] = [16777217, 16777219, 0xFFFFFFFF, 0x7FFFFFFF, 0xFEFFFFFF, 0x80000001]
// buffer u1 rw float[8] = 0
// expect u1 = [16777216.0, 16777220.0, 4294967296.0, 2147483648.0, -16777216.0, 4278190080.0, -2147483648.0, -16777220.0]
StructuredBuffer<uint> u : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = (float)u[0];              // tie → even: 16777216
    dst[1] = (float)u[1];              // tie → even: 16777220
    dst[2] = (float)u[2];              // uint → 4294967296
    dst[3] = (float)(int)u[3];         // 2147483647 → 2147483648
    dst[4] = (float)(-(int)u[0]);      // -16777217 → -16777216
    dst[5] = (float)u[4];              // 0xFEFFFFFF = 4278190079 → 4278190080 (2^32 - 2^24)
    dst[6] = (float)(int)u[5];         // -2147483647 → -2147483648
    dst[7] = (float)(-(int)u[1]);      // -16777219 → -16777220
}
