// CalculateLevelOfDetail(Unclamped) in a pixel shader (hlslc's documented approximation
// log2(max(|ddx(uv * size)|, |ddy(uv * size)|)), exact for these isotropic, linear
// coordinates): a 64x64 texture with 7 mips, uv = SV_Position.xy * k, so one pixel step
// moves uv by k and the footprint is 64k texels:
//   k = 1/16 → 4 texels → LOD 2; k = 1/256 → 0.25 texels → unclamped -2, clamped 0;
//   k = 2 → 128 texels → 7, clamped to the last mip, 6.
// Every pixel of the rgba32float 4x4 target is (2, -2, 0, 6); log2 within 1e-5 (Vulkan
// allows 2^-21 absolute near 1 and 3 ulp elsewhere).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// texture t0 sampled 2d r32float 64x64 mips 7 = 0
// sampler s1 point clamp
// expect target ~ abs 1e-5 = [2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6,
//                           2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6,
//                           2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6,
//                           2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6,   2, -2, 0, 6]
Texture2D<float> tex : register(t0);
SamplerState smp : register(s1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    float a = tex.CalculateLevelOfDetail(smp, pos.xy / 16.0);
    float b = tex.CalculateLevelOfDetailUnclamped(smp, pos.xy / 256.0);
    float c = tex.CalculateLevelOfDetail(smp, pos.xy / 256.0);
    float d = tex.CalculateLevelOfDetail(smp, pos.xy * 2.0);
    return float4(a, b, c, d);
}
