// Overload resolution by shape and by sums over arguments (DXC's ScoreCast: a splat costs
// least, less than a promotion; a truncation costs most, more than any element
// conversion; scores add over arguments). Each overload returns its own tag and uses its
// converted argument. Derived by hand, inputs f = 1.75, v = (1.75, 3.5, -2.25), i = -3,
// d = 2.5:
// - s1(float): float2 (splat) beats int (conversion): (1.75 + 1.75) * 2 = 7 -> 107
// - s2(float): float2 (splat) beats double (promotion): 1.75 * 4 = 7 -> 207
// - s3(float2): int2 (element conversion) beats float (truncation): int2(1, 3) -> 300 + 1
//   + 3 * 10 = 331
// - s4(int3): float3 (conversion) beats int2 (truncation): float3(-3, ...) via i.xxx:
//   -3 * 3 = -9 -> 400 - 9 = 391
// - s5(int, int): (uint, uint), two signed/unsigned changes, beats (float, float), two
//   conversions: uint(-3) + uint(-3) = 0xFFFFFFFA, + 10 = 4 -> 504
// - s6(int, double): (int, float) scores one double -> float conversion, (float, int) an
//   int -> float plus a double -> int conversion: the first wins: -3 + (float)2.5 * 2 = 2
//   -> 602
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64
// buffer t0 ro float[4] = [1.75, 3.5, -2.25, 2.5]
// buffer t1 ro int[1] = [-3]
// buffer u2 rw int[6] = 0
// expect u2 = [107, 207, 331, 391, 504, 602]
// peer-bug glslang: ranks a splat above an element conversion/promotion (C++-like): s1(float) calls s1(int), s2(float) s2(double)
StructuredBuffer<float> F : register(t0);
StructuredBuffer<int> I : register(t1);
RWStructuredBuffer<int> o : register(u2);

int s1(float2 x) { return 100 + (int)((x.x + x.y) * 2); }
int s1(int x) { return 900 + x; }
int s2(float2 x) { return 200 + (int)(x.y * 4); }
int s2(double x) { return 800 + (int)x; }
int s3(float x) { return 700 + (int)x; }
int s3(int2 x) { return 300 + x.x + x.y * 10; }
int s4(int2 x) { return 600 + x.x; }
int s4(float3 x) { return 400 + (int)(x.x + x.y + x.z); }
int s5(uint a, uint b) { return 500 + (int)(a + b + 10u); }
int s5(float a, float b) { return 900 + (int)(a + b); }
int s6(int a, float b) { return 600 + a + (int)(b * 2); }
int s6(float a, int b) { return 900 + (int)a + b; }

[numthreads(1, 1, 1)]
void main() {
    float f = F[0];
    float2 v2 = float2(F[0], F[1]);
    int i = I[0];
    double d = (double)F[3];
    o[0] = s1(f);
    o[1] = s2(f);
    o[2] = s3(v2);
    o[3] = s4(i.xxx);
    o[4] = s5(i, i);
    o[5] = s6(i, d);
}
