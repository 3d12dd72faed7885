// The mip-selection calls of a PBR material pass on a mipmapped r16float texture (4x4, 3
// mips; every texel of mip 0 is 1, of mip 1 is 2, of mip 2 is 4) with a point / mip-linear
// sampler, from a full-screen triangle over a 4x4 target (uv moves one mip-0 texel per
// pixel, so the implicit LOD is 0):
//   r = Sample                                  → LOD 0 → 1
//   g = SampleBias(bias 0.5)                     → LOD 0.5 → lerp(1, 2, 0.5) = 1.5
//   b = SampleLevel(roughness * maxMip)          → 0.625 * 2 = 1.25 → lerp(2, 4, 0.25) = 2.5
//       (roughness and maxMip from the cbuffer, the usual prefiltered-environment lookup)
//   a = SampleGrad(ddx (0.5, 0), ddy (0, 0.5))   → 2 texels per pixel → LOD 1 → 2
// Every texel of a level is equal, so the min/mag filter and the texel position do not
// matter: only the LOD and the linear blend between levels do. Tolerance abs 2e-3 (the
// LOD's fraction has a driver-defined precision: Vulkan requires only 4 bits of sub-texel
// and mip-lerp precision; lavapipe uses 8).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// texture t0 sampled 2d r16float 4x4 mips 3 = [1, 1, 1, 1,  1, 1, 1, 1,  1, 1, 1, 1,
//   1, 1, 1, 1,  2, 2, 2, 2,  4]
// sampler s1 point mip linear clamp
// cbuffer b2 = f32 [0.625, 2.0]
// expect target ~ abs 2e-3 = [1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2,
//   1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2,
//   1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2,
//   1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2, 1, 1.5, 2.5, 2]
Texture2D<float> environment : register(t0);
SamplerState trilinear : register(s1);
cbuffer MaterialParams : register(b2) {
    float roughness;
    float maxMip;
};

struct FullscreenVaryings {
    float4 position : SV_Position;
    float2 uv : TEXCOORD0;
};

FullscreenVaryings vsmain(uint id : SV_VertexID) {
    FullscreenVaryings o;
    o.uv = float2((id << 1) & 2, id & 2);
    o.position = float4(o.uv * float2(2, -2) + float2(-1, 1), 0, 1);
    return o;
}

float4 psmain(FullscreenVaryings i) : SV_Target {
    float base = environment.Sample(trilinear, i.uv);
    float biased = environment.SampleBias(trilinear, i.uv, 0.5);
    float prefiltered = environment.SampleLevel(trilinear, i.uv, roughness * maxMip);
    float graded = environment.SampleGrad(trilinear, i.uv, float2(0.5, 0), float2(0, 0.5));
    return float4(base, biased, prefiltered, graded);
}
