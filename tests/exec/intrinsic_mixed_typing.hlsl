// Intrinsic calls the gen_intrin family leaves out, typed by hand from DXC's MatchArguments
// and CombineBasicTypes (every component-type slot of `mul`, `select`'s two values, combine):
// - mul(int2x2 m, float2 v) is float2: row i = m[i] . v = (1*3 + 2*-2, 3*3 + 4*-2) = (-1, 1)
// - mul(int2 (1, 2), uint2 (3, 4)) is a uint dot = 11; mul(2, v) float2 (6, -4);
//   mul(uint 3, int2 (1, 2)) uint2 (3, 6); mul(0.5, m) float2x2, row 1 = (1.5, 2.0);
//   mul(m, uint2 (3, 4)) uint2 (11, 25)
// - a bool with an unsuffixed literal: max(true, 1) is int (bool and literal int have
//   BITS0, upgraded to 32-bit int) = 1; true + 1.5 is float 2.5
// - all-literal calls stay literal: max(1, 2.5) * 3.0f is float 7.5; max(-1, 2) * 3u is uint 6
// - sin(double) converts to float (float_like has no double): a float result
// - select(bool2 c = (true, false), int2 (1, 2), uint2 (3, 4)) combines to uint2 (1, 4);
//   select(c, v, 1) is float2 (3, 1); and(c, int2 (1, 2)) is bool2 (1, 0);
//   or(v - 3 = (0, -5), int2 (0, 2)) converts both to bool: bool2 (0, 1)
// - tags: int 11, int2 12, uint 21, uint2 22, float 81, float2 82, bool2 32
// Inputs I = [3.0, -2.0].
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro float[2] = [3.0, -2.0]
// buffer u1 rw float[22] = 0
// buffer u2 rw uint[15] = 0
// expect u1 = [-1.0, 1.0, 11.0, 6.0, -4.0, 3.0, 6.0, 1.0, 2.5, 7.5, 6.0, 1.0, 4.0, 3.0, 1.0, 1.0, 0.0, 0.0, 1.0, 2.0, 11.0, 25.0]
// expect u2 = [82, 21, 82, 22, 11, 81, 81, 21, 22, 82, 32, 32, 81, 82, 22]
// peer-bug glslang: `mul(int2x2, float2)` has no matching overload (mixed element types in `mul` refused)
StructuredBuffer<float> I : register(t0);
RWStructuredBuffer<float> o : register(u1);
RWStructuredBuffer<uint> t : register(u2);

uint tag(int x) { return 11; }
uint tag(int2 x) { return 12; }
uint tag(uint x) { return 21; }
uint tag(uint2 x) { return 22; }
uint tag(float x) { return 81; }
uint tag(float2 x) { return 82; }
uint tag(bool2 x) { return 32; }

[numthreads(1, 1, 1)]
void main() {
    float2 v = float2(I[0], I[1]);
    int2x2 m = int2x2(1, 2, 3, 4);
    int2 iv = int2(1, 2);
    uint2 u = uint2(3, 4);
    bool b = I[0] > 0;
    bool2 c = v > 0;
    float2 r0 = mul(m, v);
    o[0] = r0.x; o[1] = r0.y;
    o[2] = mul(iv, u);
    float2 r1 = mul(2, v);
    o[3] = r1.x; o[4] = r1.y;
    uint2 r2 = mul(u.x, iv);
    o[5] = r2.x; o[6] = r2.y;
    o[7] = max(b, 1);
    o[8] = b + 1.5;
    o[9] = max(1, 2.5) * I[0];
    o[10] = max(-1, 2) * u.x;
    uint2 r3 = select(c, iv, u);
    o[11] = r3.x; o[12] = r3.y;
    float2 r4 = select(c, v, 1);
    o[13] = r4.x; o[14] = r4.y;
    bool2 r5 = and(c, iv);
    o[15] = r5.x; o[16] = r5.y;
    bool2 r6 = or(v - 3, int2(0, 2));
    o[17] = r6.x; o[18] = r6.y;
    o[19] = mul(0.5, m)[1][1];
    uint2 r7 = mul(m, u);
    o[20] = r7.x; o[21] = r7.y;
    t[0] = tag(mul(m, v));
    t[1] = tag(mul(iv, u));
    t[2] = tag(mul(2, v));
    t[3] = tag(mul(u.x, iv));
    t[4] = tag(max(b, 1));
    t[5] = tag(b + 1.5);
    t[6] = tag(max(1, 2.5) * I[0]);
    t[7] = tag(max(-1, 2) * u.x);
    t[8] = tag(select(c, iv, u));
    t[9] = tag(select(c, v, 1));
    t[10] = tag(and(c, iv));
    t[11] = tag(or(v - 3, int2(0, 2)));
    t[12] = tag(sin((double)I[1]));
    t[13] = tag(mul(0.5, m)[1]);
    t[14] = tag(mul(m, u));
}
