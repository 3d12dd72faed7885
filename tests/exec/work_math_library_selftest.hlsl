// An engine's math-library self-test kernel, as shader test suites run on every device: 16
// threads each take one input from a buffer (nothing folds) and write one row of results.
// u1 (compared numerically, +-0 equal: `0ulp`): frexp's mantissa (negative inputs give a
// negative mantissa) and float exponent, ldexp of both (the input back), modf's fraction
// and integer part (both carry the sign), fmod by 2.5 and by -2.5 (the result has the sign
// of x), round (DXC: RoundEven, halves to even: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -2.5 -> -2),
// saturate, min(x, 3), max(x, -3), clamp(x, -1, 1). u2: rcp and rsqrt(|x|) (within 3 ulp;
// Vulkan allows 2.5). u3: sincos (abs 2^-11, Vulkan's bound within [-pi, pi]; larger
// inputs have `_`). u4: isnan | isinf << 1 | isfinite << 2.
// The last three inputs are +inf, -inf and NaN: saturate/min/max/clamp of infinities are
// exact (saturate(-inf) = 0, clamp(inf, -1, 1) = 1), saturate(NaN) = 0 (D3D's rule, and
// what lavapipe and NVIDIA give, README), the classification holds (NaN and inf come from
// the buffer, not from arithmetic the driver may assume away); every other entry of those
// rows is `_` (min/max/clamp of NaN and frexp/modf/fmod of infinities are undefined in
// SPIR-V's GLSL.std.450 without NaN/inf preservation).
// Expected values: tests/exec/work/models.py (math_library_selftest).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[16] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.75, -6.30000019, 0.00100000005,
//     123.456001, -0.75, 7, -2, inf, -inf, nan]
// buffer u1 rw float[208] = 0
// buffer u2 rw float[32] = 0
// buffer u3 rw float[32] = 0
// buffer u4 rw uint[16] = 0
// peer-bug glslang: a float exponent passed to `Ldexp` (invalid SPIR-V, as in `ldexp`)
// expect u1 ~ 0ulp = [0.5, 0, 0.5, 0.5, 0, 0.5, 0.5, 0, 0.5, 0.5, 0.5, 0.5, 12, 0.75, 1, 1.5, 0.5,
//     1, 1.5, 1.5, 2, 1, 1.5, 1.5, 1, 12, 0.625, 2, 2.5, 0.5, 2, 0, 0, 2, 1, 2.5, 2.5, 1, 12, -0.5,
//     0, -0.5, -0.5, -0.0, -0.5, -0.5, -0.0, 0, -0.5, -0.5, -0.5, 12, -0.75, 1, -1.5, -0.5, -1,
//     -1.5, -1.5, -2, 0, -1.5, -1.5, -1, 12, -0.625, 2, -2.5, -0.5, -2, -0.0, -0.0, -2, 0, -2.5,
//     -2.5, -1, 12, 0.9375, 2, 3.75, 0.75, 3, 1.25, 1.25, 4, 1, 3, 3.75, 1, 12, -0.787500024, 3,
//     -6.30000019, -0.300000191, -6, -1.30000019, -1.30000019, -6, 0, -6.30000019, -3, -1, 12,
//     0.512000024, -9, 0.00100000005, 0.00100000005, 0, 0.00100000005, 0.00100000005, 0,
//     0.00100000005, 0.00100000005, 0.00100000005, 0.00100000005, 12, 0.96450001, 7, 123.456001,
//     0.456001282, 123, 0.956001282, 0.956001282, 123, 1, 3, 123.456001, 1, 12, -0.75, 0, -0.75,
//     -0.75, -0.0, -0.75, -0.75, -1, 0, -0.75, -0.75, -0.75, 12, 0.875, 3, 7, 0, 7, 2, 2, 7, 1, 3,
//     7, 1, 12, -0.5, 2, -2, -0.0, -2, -2, -2, -2, 0, -2, -2, -1, 12, _, _, _, _, _, _, _, _, 1, 3,
//     inf, 1, 12, _, _, _, _, _, _, _, _, 0, -inf, -3, -1, 12, _, _, _, _, _, _, _, _, 0, _, _, _,
//     12]
// expect u2 ~ 3ulp = [2, 1.41421354, 0.666666687, 0.816496611, 0.400000006, 0.632455528, -2,
//     1.41421354, -0.666666687, 0.816496611, -0.400000006, 0.632455528, 0.266666681, 0.516397774,
//     -0.158730149, 0.398409516, 999.999939, 31.622776, 0.00810005143, 0.0900002867, -1.33333337,
//     1.15470052, 0.142857149, 0.377964467, -0.5, 0.707106769, _, _, _, _, _, _]
// expect u3 ~ abs 0.00048828125 = [0.479425539, 0.877582562, 0.997494987, 0.0707372017,
//     0.598472144, -0.801143616, -0.479425539, 0.877582562, -0.997494987, 0.0707372017,
//     -0.598472144, -0.801143616, _, _, _, _, 0.000999999881, 0.9999995, _, _, -0.68163876,
//     0.731688869, _, _, -0.909297427, -0.416146837, _, _, _, _, _, _]
// expect u4 = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 1]
StructuredBuffer<float> Inputs : register(t0);
RWStructuredBuffer<float> Exact : register(u1);   // 13 per row
RWStructuredBuffer<float> Recip : register(u2);   // 2 per row
RWStructuredBuffer<float> Trig : register(u3);    // 2 per row
RWStructuredBuffer<uint> Classes : register(u4);

#define COLUMNS 13

void Put(uint row, inout uint column, float value)
{
    Exact[row * COLUMNS + column] = value;
    column++;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    const float x = Inputs[i];
    uint col = 0;

    float exponent;
    const float mantissa = frexp(x, exponent);
    Put(i, col, mantissa);
    Put(i, col, exponent);
    Put(i, col, ldexp(mantissa, exponent));

    float whole;
    const float fraction = modf(x, whole);
    Put(i, col, fraction);
    Put(i, col, whole);
    Put(i, col, fmod(x, 2.5));
    Put(i, col, fmod(x, -2.5));
    Put(i, col, round(x));
    Put(i, col, saturate(x));
    Put(i, col, min(x, 3.0));
    Put(i, col, max(x, -3.0));
    Put(i, col, clamp(x, -1.0, 1.0));
    Put(i, col, (float)col);

    Recip[i * 2 + 0] = rcp(x);
    Recip[i * 2 + 1] = rsqrt(abs(x));

    float s, c;
    sincos(x, s, c);
    Trig[i * 2 + 0] = s;
    Trig[i * 2 + 1] = c;

    Classes[i] = uint(isnan(x)) | (uint(isinf(x)) << 1) | (uint(isfinite(x)) << 2);
}
