// Colour grading in native 16-bit floats (SM 6.2, -enable-16bit-types), as mobile-minded
// post-processing writes it: a `static const half3x3` grade applied with `mul` to a half3
// from a StructuredBuffer<half4> (8-byte stride), luminance by `dot` with half weights, a
// saturation boost by `lerp` with t = 1.5 (extrapolating), `saturate`, a half4 store, the
// bits of half values through `asuint16`, a float conversion for 8-bit quantisation, and a
// count of clipped channels. Every intermediate is a multiple of 1/512 below 2, exact in
// half (11-bit significand) whichever way lerp is expanded, so results are bit-exact.
// Per colour: the graded, saturated half4 (alpha halved); then a word with
// asuint16(luminance) | asuint16(r) << 16, and q(g) | (lum > 0.5) << 8 | clipped << 12.
// Expected values: tests/exec/mix/models.py (half_color_grade; each value checked exact in f16).
// requires f16 i16
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// buffer t0 ro half[32] = [0.5, 0.25, 0.75, 1, 1, 1, 1, 0.5, 0, 0.125, 0.875, 0.25, 0.375,
//     0.625, 0.5, 1, 0.875, 0, 0.125, 0.75, 0.25, 0.25, 0.25, 0, 0.625, 0.875, 0.375, 0.125,
//     0.125, 0.5, 1, 1]
// buffer u1 rw half[32] = 0
// buffer u2 rw uint[16] = 0
// expect u1 = [0.54296875, 0.16796875, 0.77734375, 0.5, 1, 1, 1, 0.25, 0.228515625,
//     0.041015625, 0.861328125, 0.125, 0.42578125, 0.66015625, 0.47265625, 0.5, 0.619140625, 0,
//     0.220703125, 0.375, 0.25, 0.25, 0.25, 0, 0.58203125, 0.95703125, 0.34765625, 0.0625,
//     0.373046875, 0.466796875, 0.958984375, 0.5]
// expect u2 = [945305248, 43, 1006648320, 511, 860894384, 10, 919615600, 424, 955527520, 4096,
//     872428544, 64, 950548912, 500, 905459848, 375]
// peer-bug glslang: does not initialise a `static const half3x3` from a brace list ("'constructor' : can't convert")
StructuredBuffer<half4> Colors : register(t0);
RWStructuredBuffer<half4> OutC : register(u1);
RWStructuredBuffer<uint> OutBits : register(u2);

static const half3x3 kGrade = { 0.5, 0.25, 0.25, 0, 1, 0, 0.125, 0.125, 0.75 };

half luminance(half3 c) {
    return dot(c, half3(0.25, 0.5, 0.25));
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    half4 c = Colors[t];
    half3 g = mul(kGrade, c.rgb);
    half l = luminance(g);
    half3 s = lerp((half3)l, g, (half)1.5);
    half3 o = saturate(s);
    OutC[t] = half4(o, c.a * (half)0.5);

    uint clipped = 0;
    [unroll]
    for (uint i = 0; i < 3; ++i)
        clipped += (s[i] > (half)1 || s[i] < (half)0) ? 1 : 0;
    uint q = (uint)((float)o.g * 255.0f + 0.5f);
    OutBits[2 * t] = asuint16(l) | ((uint)asuint16(o.r) << 16);
    OutBits[2 * t + 1] = q | ((l > (half)0.5 ? 1u : 0u) << 8) | (clipped << 12);
}
