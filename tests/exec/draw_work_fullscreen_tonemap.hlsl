// A post-processing pass as engines write it: a full-screen triangle made from SV_VertexID
// alone (uv = ((id << 1) & 2, id & 2), position uv * (2, -2) + (-1, 1)), so uv at pixel
// centre (px + .5, py + .5) of the 4x4 target is ((px + .5) / 4, (py + .5) / 4) and a
// point sampler reads HDR texel (px, py) of the 4x4 rgba16float scene texture. The pixel shader
// applies exposure (cbuffer, 1.5), extended Reinhard c (1 + c / white^2) / (1 + c) with
// white = 4, `saturate` and `pow(x, 1 / 2.2)` gamma per channel, and writes the Rec. 709
// luma of the tone-mapped (pre-gamma) colour to alpha. Expected values from
// draw_work/models.py (`tonemap`); tolerance rel 1e-4 or abs 1e-4 (pow is exp2(y log2 x) in
// Vulkan's precision rules, a few ulp of the result; the division 2.5 ulp).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// texture t0 sampled 2d rgba16float 4x4 = [0, 0, 4, 1,  0.25, 0.5, 4, 1,  0.5, 1, 4, 1,
//   0.75, 1.5, 4, 1,  1, 0, 3, 1,  1.25, 0.5, 3, 1,  1.5, 1, 3, 1,  1.75, 1.5, 3, 1,
//   2, 0, 2, 1,  2.25, 0.5, 2, 1,  2.5, 1, 2, 1,  2.75, 1.5, 2, 1,  3, 0, 1, 1,
//   3.25, 0.5, 1, 1,  3.5, 1, 1, 1,  3.75, 1.5, 1, 1]
// sampler s1 point clamp
// cbuffer b2 = f32 [1.5, 4.0]
// expect target ~ rel 1e-4 abs 1e-4 = [0, 0, 1, 0.08509286,
//   0.5598689, 0.6946738, 1, 0.4653158,  0.6946738, 0.8257521, 1, 0.6498281,
//   0.7724414, 0.8982201, 1, 0.770327,  0.8257521, 0, 1, 0.2152057,
//   0.8659548, 0.6946738, 1, 0.5514696,  0.8982201, 0.8257521, 1, 0.7129194,
//   0.9252767, 0.8982201, 1, 0.8196637,  0.9487112, 0, 0.9487112, 0.25365,
//   0.9695124, 0.6946738, 0.9487112, 0.5837859,  0.9883304, 0.8257521, 0.9487112, 0.7408332,
//   1, 0.8982201, 0.9487112, 0.8443036,  1, 0, 0.8257521, 0.2702489,
//   1, 0.6946738, 0.8257521, 0.5984269,  1, 0.8257521, 0.8257521, 0.7539131,
//   1, 0.8982201, 0.8257521, 0.8561183]
Texture2D<float4> sceneColor : register(t0);
SamplerState pointClamp : register(s1);
cbuffer PostParams : register(b2) {
    float exposure;
    float whitePoint;
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

float3 reinhardExtended(float3 c, float white) {
    return c * (1.0 + c / (white * white)) / (1.0 + c);
}

float4 psmain(FullscreenVaryings i) : SV_Target {
    float3 hdr = sceneColor.Sample(pointClamp, i.uv).rgb * exposure;
    float3 mapped = reinhardExtended(hdr, whitePoint);
    float luma = dot(mapped, float3(0.2126, 0.7152, 0.0722));
    return float4(pow(saturate(mapped), 1.0 / 2.2), luma);
}
