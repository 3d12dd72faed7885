// DXC's element-type rules (CombineBasicTypes in SemaHLSL.cpp) where they differ from C's,
// each with an input chosen so that the other rule would give another value. By hand:
// - an untyped literal (64-bit in DXC) takes the other operand's type: i = -1, (i <
//   0x80000000) compares ints, 0x80000000 -> INT_MIN: false (0); with an int64_t -1 it is
//   int64_t 2147483648: (-1 + 0x80000000) >> 16 = 2147483647 >> 16 = 32767 (an int literal
//   would give -2147483649 >> 16 = 0xFFFF7FFF); u = 5, (u > -1) compares uints, -1 ->
//   0xFFFFFFFF: false (0). (Not `i64 < 0x80000000`: lavapipe, Mesa 22.3.6, gets a 64-bit
//   signed `<` against a constant wrong, `p < 10` false for p = 5, README's findings.)
// - int + literal stays int: 7 + 0x80000000 = 7 - 2^31 = -2147483641 before widening to
//   int64_t: low word 0x80000007, high word 0xFFFFFFFF
// - 16-bit arithmetic stays 16-bit: uint16_t 65535 + 1 = 0; int16_t 32767 + 1 = -32768
//   (stored through int: 0xFFFF8000); half 2048 + 1 = 2048 (ties to even: 2049 is not a half)
// - uint16_t with int is uint (unsigned wins whatever the width): 65535 > -1 compares
//   0xFFFF with 0xFFFFFFFF: false (0)
// - int64_t with uint is uint64_t: -1 + 5u = 4 with no sign (min(-1ll, 5u) = 5)
// - a float operand decides the type alone, whatever the other's width: half 1 * int 3 is
//   half 3; float * int64_t is float: (float)16777217 = 16777216, times int64_t 1 = 16777216
// - min/max/clamp/lerp combine their arguments' types the same way: max(int -1, uint 1) =
//   0xFFFFFFFF; min(int -1, uint 1) = 1; clamp(float 2.5, int -1, uint 2) = 2.0;
//   max(int16_t -3, int 70000) = 70000 (int, not int16_t's 4464); max(uint16_t 65535, int
//   -1) = 0xFFFFFFFF (uint); lerp(half 1, float 1 + 2^-20, 1) = 1 + 2^-20 (float; in half
//   both ends are 1)
// - bool arithmetic is int: true + true = 2; b * 3 = 3; b & b = 1 (int); b + 0.5 = 1.5
//   (float: a literal float with a bool is float)
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16
// requires i16
// requires int64
// buffer t0 ro int[4] = [-1, 5, 7, 1]
// buffer u1 rw uint[20] = 0
// buffer u2 rw float[6] = 0
// expect u1 = [0, 32767, 0, 0x80000007, 0xFFFFFFFF, 0, 0xFFFF8000, 0, 5, 0xFFFFFFFF, 1, 70000,
//     0xFFFFFFFF, 2, 3, 1, 16777216, 0, 0, 0]
// expect u2 = [2048, 3, 2.0, 1.00000095367431640625, 1.5, 0]
// peer-bug glslang: does not know the `int64_t` type name ("unknown variable")
StructuredBuffer<int> I : register(t0);
RWStructuredBuffer<uint> o : register(u1);
RWStructuredBuffer<float> of : register(u2);

[numthreads(1, 1, 1)]
void main() {
    int i = I[0];
    int64_t i64 = I[0];
    uint u = (uint)I[1];
    int seven = I[2];
    bool b = I[3] != 0;
    o[0] = (i < 0x80000000) ? 1u : 0u;
    o[1] = (uint)((i64 + 0x80000000) >> 16);
    o[2] = (u > -1) ? 1u : 0u;
    int64_t w = seven + 0x80000000;
    o[3] = (uint)w;
    o[4] = (uint)(w >> 32);
    uint16_t s = (uint16_t)(I[1] + 65530);
    o[5] = (uint)(s + 1);
    int16_t t = (int16_t)(I[1] + 32762);
    o[6] = asuint((int)(t + 1));
    o[7] = (s > i) ? 1u : 0u;
    o[8] = (uint)min(i64, u);
    o[9] = max(i, 1u);
    o[10] = min(i, 1u);
    int16_t m3 = (int16_t)(-3 * b);
    o[11] = (uint)max(m3, 70000 * seven / 7);
    o[12] = max(s, i);
    o[13] = (uint)(b + b);
    o[14] = (uint)(b * 3);
    o[15] = (uint)(b & b);
    float big = (float)(16777216 + seven - 6);
    o[16] = (uint)(big * (int64_t)1);
    half h = (half)(2048.0 * b);
    of[0] = (float)(h + 1);
    of[1] = (float)((half)b * (3 * seven / 7));
    of[2] = clamp(2.5 * b, i, 2u);
    of[3] = lerp((half)b, 1.0f + asfloat(0x35800000u) * b, (float)b);
    of[4] = b + 0.5;
}
