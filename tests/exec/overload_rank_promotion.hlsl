// Overload resolution by conversion rank, scalar arguments (DXC's ScoreCast in SemaHLSL.cpp:
// each argument scores, from cheapest to dearest, splat < promotion < signed/unsigned
// change < other conversion < truncation, and the lowest sum wins; equal sums are
// ambiguous). Each overload returns its own tag and uses its converted argument, so both
// the choice and the conversion show. Derived by hand, inputs i = -3, h = 2.5, f = 1.75,
// u16 = 40000, i16 = -7:
// - pick1(half): float (promotion half -> float) beats int (a conversion): 2.5 * 2 = 5 -> 205
// - pick2(int): uint (a signed/unsigned change) beats float (a conversion): uint(-3) + 10
//   = 7 -> 107 (wraps), not float's 200 + ...
// - pick3(int): int64_t (promotion) beats uint and float: -3 * 2 = -6 -> 300 - 6 = 294
// - pick4(float): double (promotion) beats int: 1.75 * 4 = 7 -> 407
// - pick5(uint16_t): int16_t (same width, signedness changes: 2^23) beats int (the
//   combined type is uint, so a signed/unsigned change plus a promotion: 2^23 + 2^16):
//   int16_t(40000) = -25536 -> 500 + (-25536 >> 8) = 500 - 100 = 400
// - pick6(int16_t): int (promotion) beats float (conversion): -7 + 600 = 593
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16
// requires i16
// requires int64
// requires f64
// buffer t0 ro int[5] = [-3, 0, 0, 40000, -7]
// buffer t1 ro float[5] = [0, 2.5, 1.75, 0, 0]
// buffer u2 rw int[6] = 0
// expect u2 = [205, 107, 294, 407, 400, 593]
// peer-bug glslang: does not parse `int pick3(int64_t x)` (no `int64_t` type name: "function parameter list: Expected")
StructuredBuffer<int> I : register(t0);
StructuredBuffer<float> F : register(t1);
RWStructuredBuffer<int> o : register(u2);

int pick1(int x) { return 100 + x; }
int pick1(float x) { return 200 + (int)(x * 2); }
int pick2(uint x) { return 100 + (int)(x + 10u); }
int pick2(float x) { return 200 + (int)x; }
int pick3(uint x) { return 100 + (int)x; }
int pick3(int64_t x) { return 300 + (int)(x * 2); }
int pick3(float x) { return 200 + (int)x; }
int pick4(int x) { return 100 + x; }
int pick4(double x) { return 400 + (int)(x * 4.0); }
int pick5(int16_t x) { return 500 + (x >> 8); }
int pick5(int x) { return 100 + x; }
int pick6(int x) { return 600 + x; }
int pick6(float x) { return 200 + (int)x; }

[numthreads(1, 1, 1)]
void main() {
    int i = I[0];
    half h = (half)F[1];
    float f = F[2];
    uint16_t u16 = (uint16_t)I[3];
    int16_t i16 = (int16_t)I[4];
    o[0] = pick1(h);
    o[1] = pick2(i);
    o[2] = pick3(i);
    o[3] = pick4(f);
    o[4] = pick5(u16);
    o[5] = pick6(i16);
}
