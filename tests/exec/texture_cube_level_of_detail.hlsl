// CalculateLevelOfDetail(Unclamped) on a cube texture in a pixel shader: SPIR-V's
// `OpImageQueryLod` (WGSL has no LOD query and hlslc's approximation does not cover cube
// faces). A 64x64 cube with 3 mips, sampled in the direction (1, -v, -u) with
// u = SV_Position.x * k, v = SV_Position.y * k: the +X face, major axis 1, face coordinates
// s = (u + 1) / 2 and t = (v + 1) / 2, so one pixel step moves s (or t) by k / 2 and the
// footprint is 32k texels (Vulkan's cube LOD, "Cube Map Derivative Transformation"):
//   k = 1/8 → 4 texels → LOD 2; k = 1/512 → 1/16 texel → unclamped -4, clamped 0;
//   k = 1/4 → 8 texels → 3, clamped to the last mip, 2 (|u|, |v| ≤ 3.5k stay below 1, on
//   the face).
// Every pixel of the rgba32float 4x4 target is (2, -4, 0, 2); log2 within 1e-4 (Vulkan
// allows an implementation-defined LOD precision; lavapipe computes it in float).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// texture t0 sampled cube r32float 64x64x6 mips 3 = 0
// sampler s1 point clamp
// xfail hlslc-wgsl: WGSL has no LOD query, and the approximation cannot follow cube faces (error E0803)
// expect target ~ abs 1e-4 = [2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2,
//                           2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2,
//                           2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2,
//                           2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2,   2, -4, 0, 2]
TextureCube<float> tex : register(t0);
SamplerState smp : register(s1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float3 direction(float4 pos, float k) {
    float2 uv = pos.xy * k;
    return float3(1.0, -uv.y, -uv.x);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    float a = tex.CalculateLevelOfDetail(smp, direction(pos, 1.0 / 8.0));
    float b = tex.CalculateLevelOfDetailUnclamped(smp, direction(pos, 1.0 / 512.0));
    float c = tex.CalculateLevelOfDetail(smp, direction(pos, 1.0 / 512.0));
    float d = tex.CalculateLevelOfDetail(smp, direction(pos, 1.0 / 4.0));
    return float4(a, b, c, d);
}
