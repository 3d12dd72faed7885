// Shader Model 6.7's SampleCmpLevel (an explicit LOD for comparison sampling, where
// SampleCmpLevelZero only reads mip 0), with and without an offset, next to SampleLevel,
// SampleGrad with an offset on the same mip chain read through a plain sampler. depth16unorm
// 4x4 with 3 mips: mip 0 all 1.0 (65535), mip 1 (2x2) = [0, 0.5, 1, 0] (0, 32768, 65535, 0),
// mip 2 = 0. less-equal comparison, ref 0.4, point mip filter.
// By hand: o0 SampleCmpLevel(uv (0.25, 0.25), lod 1) → mip 1 texel (0, 0) = 0: .4 <= 0 → 0;
// o1 uv (0.75, 0.25) lod 1 → (1, 0) = .5 → 1; o2 uv (0.25, 0.25) + int2(0, 1) lod 1 → (0, 1)
// = 1 → 1; o3 lod 0 → mip 0 = 1 → 1; o4 lod 2 → 0 → 0; o5 lod 1.2 (point mip: level 1) at
// (0.75, 0.75) → (1, 1) = 0 → 0; o6 SampleCmpLevelZero at (0.75, 0.75) → mip 0 → 1.
// Plain point sampler (depth textures sample as float): o7 SampleLevel((0.75, 0.25), 1) =
// 32768 / 65535 = 0.50000763; o8 SampleLevel((0.25, 0.75), 1, offset (1, -1)) → mip 1 texel
// (1, 0) = 0.50000763; o9 SampleLevel lod 0 → 1.
// exec: -T cs_6_7 -E main dispatch 1 1 1
// texture t0 sampled 2d depth16unorm 4x4 mips 3 = [65535, 65535, 65535, 65535,
//   65535, 65535, 65535, 65535,  65535, 65535, 65535, 65535,  65535, 65535, 65535, 65535,
//   0, 32768, 65535, 0,  0]
// sampler s1 point mip point clamp compare less-equal
// sampler s2 point mip point clamp
// buffer u3 rw float[10] = 0
// expect u3 ~ abs 1e-6 = [0, 1, 1, 1, 0, 0, 1, 0.50000763, 0.50000763, 1]
// xfail hlslc-wgsl: SampleCmpLevel at a level other than 0 needs a static sampler in WGSL
//   (E0803; README's texture table), since WGSL compares only at level 0
// peer-bug glslang: no SampleCmpLevel overload (SM 6.7)
Texture2D<float> shadowMap : register(t0);
SamplerComparisonState cmp : register(s1);
SamplerState pt : register(s2);
RWStructuredBuffer<float> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    o[0] = shadowMap.SampleCmpLevel(cmp, float2(0.25, 0.25), 0.4, 1);
    o[1] = shadowMap.SampleCmpLevel(cmp, float2(0.75, 0.25), 0.4, 1.0);
    o[2] = shadowMap.SampleCmpLevel(cmp, float2(0.25, 0.25), 0.4, 1, int2(0, 1));
    o[3] = shadowMap.SampleCmpLevel(cmp, float2(0.25, 0.25), 0.4, 0);
    o[4] = shadowMap.SampleCmpLevel(cmp, float2(0.25, 0.25), 0.4, 2);
    o[5] = shadowMap.SampleCmpLevel(cmp, float2(0.75, 0.75), 0.4, 1.2);
    o[6] = shadowMap.SampleCmpLevelZero(cmp, float2(0.75, 0.75), 0.4);
    o[7] = shadowMap.SampleLevel(pt, float2(0.75, 0.25), 1);
    o[8] = shadowMap.SampleLevel(pt, float2(0.25, 0.75), 1, int2(1, -1));
    o[9] = shadowMap.SampleLevel(pt, float2(0.25, 0.25), 0);
}
