// A bloom blur pass driven by a constant buffer laid out the way HLSL packs it, the way
// post-processing code declares its kernels: `float Weights[5]` (each element starts a new
// 16-byte register), `float2 Offsets[5]` (likewise), an `int Count` packed into the last
// offset's register, a `float3 Tint` that would straddle a register and so starts the next
// one, and `float Exposure` after it in the same register. The header spells the cbuffer
// word by word in D3D's packing: c0 Params, c1-c5 Weights (.x of each), c6-c10 Offsets (.xy
// of each), Count at byte 168 (c10.z, after the last offset), c11 Tint + Exposure.
// Each thread samples an r32float texture with a linear-clamp sampler at its pixel centre
// plus each offset (offsets are half-texel multiples along x, so each sample is a bilinear
// mid-point: the average of two texels, or one at the clamped edge) with `SampleLevel`, sums
// the weighted samples for i < Count (4 of the 5), subtracts a threshold (Params.x), and
// writes Tint * max(sum - threshold, 0) * Exposure to an `RWTexture2D<float4>`
// (rgba32float), with the raw sum in alpha. Tolerance abs 2e-6 (bilinear weights of 1/2 are
// exact; f32 sums of at most 4 terms).
// Expected values: tests/exec/work/models.py (bloom_cbuffer_weights).
// requires float32-filterable
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [0.5, 0, 0, 0, 0.375, 0, 0, 0, 0.25, 0, 0, 0, 0.25, 0, 0, 0, 0.0625, 0, 0, 0,
//     99, 0, 0, 0, 0, 0, 0, 0, 1.5, 0, 0, 0, -1.5, 0, 0, 0, 2.5, 0, 0, 0, 7, 7, 0x00000004, 0, 1,
//     0.75, 0.5, 2]
// texture t1 sampled 2d r32float 8x4 = [3.921875, 1, 0.65625, 1.828125, 0.984375, 0.75, 1.84375,
//     2.03125, 2.984375, 2.53125, 3.46875, 2.171875, 2.203125, 2.421875, 2.375, 0.828125, 3.984375,
//     1.46875, 0.359375, 1.53125, 2.640625, 1.734375, 0.25, 0.875, 1.453125, 2.296875, 1.84375,
//     0.40625, 0.765625, 3.203125, 1.953125, 2.703125]
// sampler s2 linear clamp
// texture u3 wo 2d rgba32float 8x4
// peer-bug glslang: cbuffer arrays rounded to whole registers (std140): `Count` is read after the last offset's register, not at byte 168 (as in `cbuffer_tail_packing`)
// expect u3 ~ abs 2e-6 = [4.47167969, 3.35375977, 2.23583984, 2.73583984, 2.5078125, 1.88085938,
//     1.25390625, 1.75390625, 1.53417969, 1.15063477, 0.767089844, 1.26708984, 1.38085938,
//     1.03564453, 0.690429688, 1.19042969, 1.25, 0.9375, 0.625, 1.125, 1.48828125, 1.11621094,
//     0.744140625, 1.24414062, 2.0859375, 1.56445312, 1.04296875, 1.54296875, 2.44140625,
//     1.83105469, 1.22070312, 1.72070312, 4.58300781, 3.43725586, 2.29150391, 2.79150391,
//     4.07421875, 3.05566406, 2.03710938, 2.53710938, 4.36328125, 3.27246094, 2.18164062,
//     2.68164062, 3.58496094, 2.6887207, 1.79248047, 2.29248047, 3.46191406, 2.59643555,
//     1.73095703, 2.23095703, 2.81445312, 2.11083984, 1.40722656, 1.90722656, 2.45507812,
//     1.84130859, 1.22753906, 1.72753906, 1.33789062, 1.00341797, 0.668945312, 1.16894531,
//     4.55566406, 3.41674805, 2.27783203, 2.77783203, 2.82714844, 2.12036133, 1.41357422,
//     1.91357422, 1.94921875, 1.46191406, 0.974609375, 1.47460938, 1.82324219, 1.36743164,
//     0.911621094, 1.41162109, 2.01953125, 1.51464844, 1.00976562, 1.50976562, 1.734375,
//     1.30078125, 0.8671875, 1.3671875, 0.828125, 0.62109375, 0.4140625, 0.9140625, 0.69921875,
//     0.524414062, 0.349609375, 0.849609375, 1.9921875, 1.49414062, 0.99609375, 1.49609375,
//     2.08496094, 1.5637207, 1.04248047, 1.54248047, 1.86132812, 1.39599609, 0.930664062,
//     1.43066406, 1.65429688, 1.24072266, 0.827148438, 1.32714844, 1.71679688, 1.28759766,
//     0.858398438, 1.35839844, 3.19726562, 2.39794922, 1.59863281, 2.09863281, 3.14648438,
//     2.35986328, 1.57324219, 2.07324219, 4.00585938, 3.00439453, 2.00292969, 2.50292969]
cbuffer Bloom : register(b0)
{
    float4 Params;      // x: threshold, yzw unused
    float Weights[5];
    float2 Offsets[5];  // in texels
    int Count;
    float3 Tint;
    float Exposure;
};

Texture2D<float> Source : register(t1);
SamplerState LinearClamp : register(s2);
RWTexture2D<float4> Bloom : register(u3);

[numthreads(8, 4, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float2 size;
    Source.GetDimensions(size.x, size.y);
    const float2 uv = (float2(id.xy) + 0.5) / size;
    float sum = 0;
    for (int i = 0; i < Count; ++i)
        sum += Weights[i] * Source.SampleLevel(LinearClamp, uv + Offsets[i] / size, 0);
    const float bright = max(sum - Params.x, 0.0);
    Bloom[id.xy] = float4(Tint * bright * Exposure, sum);
}
