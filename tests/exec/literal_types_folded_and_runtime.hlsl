// DXC's literal types (HLSL 2021, no -enable-16bit-types): an unsuffixed integer literal is a
// 64-bit "literal int" and an unsuffixed floating literal a double "literal float" until it
// meets a typed operand, whose type it then takes (SemaExpr.cpp ActOnNumericConstant;
// SemaHLSL.cpp CombineBasicTypes, LiteralToConcrete). Each expression is written twice: all
// literals (folded at compile time) and with the typed operand read from a buffer (run
// time); both must give DXC's value. Suffixes (ActOnNumericConstant): `u` is uint, `l` is
// 32-bit ("long is the same as int for HLSL": decimal int, hex uint, the value truncated to
// 32 bits), `ll`/`ull` are int64_t/uint64_t, `L` on a float is double, `h` is float without
// -enable-16bit-types, `f` float. Values by hand (Python struct for the f32 roundings):
//  0/1  float = 16777217.0 + 1.0: the sum is a double 16777218 (even, so exact in f32):
//       0x4B800001; at run time from a double 16777217 + 1.0 (double + literal: double) the same
//  2/3  16777216.0f + 1.0: float + literal is float, 16777217 ties to even 16777216: 0x4B800000;
//       at run time from a float 16777216 the same
//  4/5  5u < -1 and u < -1 (u = 5): -1 becomes uint 0xFFFFFFFF, so true (1)
//  6/7  0xFFFFFFFFu == -1 and the same from a buffer: true (1)
//  8/9  -7 < 0xFFFFFFFF: the literal becomes int -1, -7 < -1: true (1), folded and at run time
//  10/11 -7 + 0xFFFFFFFF as int: -8 (0xFFFFFFF8)
//  12   0xFFFFFFFF >> 4 on literals is 64-bit: 0x0FFFFFFF; 13: int i = 0xFFFFFFFF is -1, and
//       i >> 4 is arithmetic: 0xFFFFFFFF
//  14/15 uint = 5u + 0x100000000: the literal becomes uint 0 (the low 32 bits): 5
//  16/17 uint64_t = 5 + 0x100000000 folded, and (uint64_t)5 + 0x100000000 at run time:
//       0x100000005, low and high words 5 and 1 (18/19 are the run-time words)
//  20/21 (c ? 3 : 2.5) / 2 with c true: literal int with literal float is literal float, so
//       the division is not an integer one: 1.5 (0x3FC00000); folded with `true` the same
//  22/23 uint k = c ? 1 : 2.5 with c false: 2.5 truncates to 2
//  24/25 x / 2 with x = -7: integer division, -3 (folded -7 / 2: -3)
//  26/27 x / 2.0: int with literal float is float: -3.5 (0xC0600000), folded the same
//  28   5000000000l: decimal `l` is int, truncated to 32 bits: 705032704
//  29   0x100000001u: truncated to 32 bits: 1
//  30   (0x100000001u + 1ll) >> 32: uint 1 + int64_t 1 is uint64_t 2 (the wider, unsigned
//       if either), >> 32 = 0
//  31   -1l >> 40: `l` is 32-bit, so the amount masks to 8 and -1 stays: 0xFFFFFFFF
// Tags (u3; the overload taking the literal's type): 1l int 1, 0xFFl uint 2, 1ll int64_t 3,
//  1ull uint64_t 4, 1ul uint 2, 1.0L double 6, 1.0h float 5 (half is 7), 1.0f float 5,
//  1.5 * h (half h) half 7, 1.5 * m (min16float m) min16float 8, 2 * m min16float 8,
//  m * 2.0L double 6.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64 int64
// buffer t0 ro uint[6] = [5, 0xFFFFFFFF, 0x4B800000, 0xFFFFFFF9, 1, 0]
// buffer t1 ro double[1] = [16777217.0]
// buffer u2 rw uint[32] = 0
// buffer u3 rw uint[12] = 0
// expect u2 = [0x4B800001, 0x4B800001, 0x4B800000, 0x4B800000, 1, 1, 1, 1, 1, 1,
//              0xFFFFFFF8, 0xFFFFFFF8, 0x0FFFFFFF, 0xFFFFFFFF, 5, 5, 5, 1, 5, 1,
//              0x3FC00000, 0x3FC00000, 2, 2, 0xFFFFFFFD, 0xFFFFFFFD, 0xC0600000, 0xC0600000,
//              705032704, 1, 0, 0xFFFFFFFF]
// expect u3 = [1, 2, 3, 4, 2, 6, 5, 5, 7, 8, 8, 6]
// peer-bug glslang: does not know `int64_t`, rejects overloads differing only in min-precision
//   types ("function already has a body") and 64-bit hex literals ("hexadecimal literal too big")
// peer-bug slang: does not know `min16float`; in a copy without it (2026-12-01) Slang folds
//   16777217.0 + 1.0 in f32 (0x4B800000), keeps `0x100000001u` 64-bit (index 30 is 1), types
//   `0xFFl` int, `1.0h` and `1.5 * h` as a 16-bit half and float
StructuredBuffer<uint> I : register(t0);
StructuredBuffer<double> D : register(t1);
RWStructuredBuffer<uint> o : register(u2);
RWStructuredBuffer<uint> t : register(u3);

uint tag(int x) { return 1; }
uint tag(uint x) { return 2; }
uint tag(int64_t x) { return 3; }
uint tag(uint64_t x) { return 4; }
uint tag(float x) { return 5; }
uint tag(double x) { return 6; }
uint tag(half x) { return 7; }
uint tag(min16float x) { return 8; }

[numthreads(1, 1, 1)]
void main() {
    uint u = I[0];
    uint umax = I[1];
    float f24 = asfloat(I[2]);
    int x = asint(I[3]);
    bool c = I[4] != 0;
    bool nc = I[5] != 0;
    double d = D[0];

    float a0 = 16777217.0 + 1.0;
    float a1 = d + 1.0;
    o[0] = asuint(a0);
    o[1] = asuint(a1);
    float a2 = 16777216.0f + 1.0;
    float a3 = f24 + 1.0;
    o[2] = asuint(a2);
    o[3] = asuint(a3);
    o[4] = (5u < -1) ? 1 : 0;
    o[5] = (u < -1) ? 1 : 0;
    o[6] = (0xFFFFFFFFu == -1) ? 1 : 0;
    o[7] = (umax == -1) ? 1 : 0;
    o[8] = ((int)-7 < 0xFFFFFFFF) ? 1 : 0;
    o[9] = (x < 0xFFFFFFFF) ? 1 : 0;
    o[10] = asuint((int)-7 + 0xFFFFFFFF);
    o[11] = asuint(x + 0xFFFFFFFF);
    o[12] = (uint)(0xFFFFFFFF >> 4);
    int i = 0xFFFFFFFF;
    o[13] = asuint(i >> 4);
    uint w0 = 5u + 0x100000000;
    uint w1 = u + 0x100000000;
    o[14] = w0;
    o[15] = w1;
    uint64_t v0 = 5 + 0x100000000;
    uint64_t v1 = (uint64_t)u + 0x100000000;
    o[16] = (uint)v0;
    o[17] = (uint)(v0 >> 32);
    o[18] = (uint)v1;
    o[19] = (uint)(v1 >> 32);
    float q0 = (true ? 3 : 2.5) / 2;
    float q1 = (c ? 3 : 2.5) / 2;
    o[20] = asuint(q0);
    o[21] = asuint(q1);
    uint k0 = false ? 1 : 2.5;
    uint k1 = nc ? 1 : 2.5;
    o[22] = k0;
    o[23] = k1;
    int n0 = -7 / 2;
    int n1 = x / 2;
    float r0 = -7 / 2.0;
    float r1 = x / 2.0;
    o[24] = asuint(n0);
    o[25] = asuint(n1);
    o[26] = asuint(r0);
    o[27] = asuint(r1);
    o[28] = (uint)5000000000l;
    o[29] = 0x100000001u;
    o[30] = (uint)((0x100000001u + 1ll) >> 32);
    o[31] = asuint(-1l >> 40);

    half h = (half)asfloat(I[2]);
    min16float m = (min16float)asfloat(I[2]);
    t[0] = tag(1l);
    t[1] = tag(0xFFl);
    t[2] = tag(1ll);
    t[3] = tag(1ull);
    t[4] = tag(1ul);
    t[5] = tag(1.0L);
    t[6] = tag(1.0h);
    t[7] = tag(1.0f);
    t[8] = tag(1.5 * h);
    t[9] = tag(1.5 * m);
    t[10] = tag(2 * m);
    t[11] = tag(m * 2.0L);
}
