// DXC's signatures of sin, frac, round, isinf, sqrt, pow … take `float_like` (float, half,
// min-precision), which has no double: a double argument converts to float and the result is
// float. So frac(1 + 2^-30) is frac(1.0f) = 0, round(2.5 + 2^-40) is round(2.5f) = 2 (half to
// even), isinf(1e300) is isinf((float)1e300) = true, and sin(double) is valid SPIR-V (GLSL.std.450
// has no 64-bit Sin; hlslc emitted it, found by Slang's transcendental-double test). rcp,
// saturate and fma take double: saturate(0.5 + 2^-40) keeps 0.5 + 2^-40. Values by hand.
// peer-bug glslang: saturate(double) is computed in float (0.5 for 0.5 + 2^-40)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64
// buffer t0 ro f64[5] = [0x3FF0000000400000, 0x4004000000000800, 1e300, 0x3FE0000000002000, 0]
// buffer u1 rw f64[4] = 0
// buffer u2 rw uint[2] = 0
// expect u1 = [0, 2, 0x3FE0000000002000, 0]
// expect u2 = [1, 0]
StructuredBuffer<double> src : register(t0);
RWStructuredBuffer<double> dst : register(u1);
RWStructuredBuffer<uint> flags : register(u2);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = frac(src[0]);
    dst[1] = round(src[1]);
    dst[2] = saturate(src[3]);
    dst[3] = sin(src[4]);
    flags[0] = isinf(src[2]);
    flags[1] = isinf(src[0]);
}
