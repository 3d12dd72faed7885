// Intrinsics with bool arguments, typed as DXC's MatchArguments does: `numeric<>` (abs, min,
// max, clamp, mad, dot, sign) has no bool among its component types, so a combined bool is
// not legal and the list's first type, float, is taken (CrossGL issue #1764 quotes DXC's
// "implicit conversion turns floating-point number into bool" for `bool r = max(x, y)`);
// `any_int<>` (reversebits, countbits) starts with int; a bool combined with another type
// takes that type (`max(bool, int)` is int). Inputs a = true, b = false (from the buffer):
// - max(a, b) / 2 = 1.0f / 2 = 0.5; abs(a) / 4 = 0.25; dot(bool2(a, b), bool2(a, b)) / 8 = 1/8;
//   mad(a, a, a) / 4 = 2.0f / 4 = 0.5; clamp(b, a, a) / 2 = 0.5 (all float: int would give 0)
// - reversebits(a) is int 0x80000000 = -2147483648 -> (float) -2147483648.0 (uint would give
//   +2147483648.0)
// - max(a, 3) / 2 is int: 3 / 2 = 1 -> 1.0
// - tags (kind * 10 + length: int 1, uint 2, float 8): max(a, b) 81, abs(bool2) 82,
//   sign(a) 11 (sign returns int), countbits(a) 21, reversebits(a) 11, max(a, 3) 11, dot 81
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[2] = [1, 0]
// buffer u1 rw float[7] = 0
// buffer u2 rw uint[7] = 0
// expect u1 = [0.5, 0.25, 0.125, 0.5, 0.5, -2147483648.0, 1.0]
// expect u2 = [81, 82, 11, 21, 11, 11, 81]
// peer-bug glslang: `mad` of bools becomes GLSL.std.450 Fma on ints (invalid SPIR-V), as for integer mad (gen_op_int_mad_v4)
StructuredBuffer<uint> I : register(t0);
RWStructuredBuffer<float> o : register(u1);
RWStructuredBuffer<uint> t : register(u2);

uint tag(int x) { return 11; }
uint tag(int2 x) { return 12; }
uint tag(uint x) { return 21; }
uint tag(uint2 x) { return 22; }
uint tag(float x) { return 81; }
uint tag(float2 x) { return 82; }

[numthreads(1, 1, 1)]
void main() {
    bool a = I[0] != 0;
    bool b = I[1] != 0;
    bool2 c = bool2(a, b);
    o[0] = max(a, b) / 2;
    o[1] = abs(a) / 4;
    o[2] = dot(c, c) / 8;
    o[3] = mad(a, a, a) / 4;
    o[4] = clamp(b, a, a) / 2;
    o[5] = (float)reversebits(a);
    o[6] = max(a, 3) / 2;
    t[0] = tag(max(a, b));
    t[1] = tag(abs(c));
    t[2] = tag(sign(a));
    t[3] = tag(countbits(a));
    t[4] = tag(reversebits(a));
    t[5] = tag(max(a, 3));
    t[6] = tag(dot(c, c));
}
