// A forward pass's shadow term: 2x2 percentage-closer filtering with four
// `SampleCmpLevelZero` taps at texel offsets (0,0), (1,0), (0,1), (1,1) of a 4x4
// depth16unorm shadow map (values 0 or 65535), compare less-equal against the receiver depth
// 0.5 from the cbuffer (a tap passes when 0.5 <= stored depth), averaged, then multiplied by
// N.L = dot((0, 0, 1), (0, 0.6614378, 0.75)) = 0.75 from the cbuffer's light direction. A
// full-screen triangle over a 4x4 target: shadow uv at pixel (px, py) is the centre of texel
// (px, py), so tap (dx, dy) reads texel (min(px + dx, 3), min(py + dy, 3)) (clamp). Each
// pixel writes (visibility, visibility * N.L); values from draw_work/models.py (`shadow`),
// quarters and their products with 0.75, compared exactly.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rg32float 4x4
// texture t0 sampled 2d depth16unorm 4x4 = [65535, 65535, 0, 0, 65535, 0, 0, 65535, 65535, 65535, 65535, 0, 0, 65535, 0, 65535]
// sampler s1 point clamp compare less-equal
// cbuffer b2 = f32 [0, 0.6614378, 0.75, 0.5]
// expect target = [0.75, 0.5625, 0.25, 0.1875, 0.25, 0.1875, 0.5, 0.375,
//   0.75, 0.5625, 0.5, 0.375, 0.5, 0.375, 0.5, 0.375,
//   0.75, 0.5625, 0.75, 0.5625, 0.5, 0.375, 0.5, 0.375,
//   0.5, 0.375, 0.5, 0.375, 0.5, 0.375, 1, 0.75]
Texture2D<float> shadowMap : register(t0);
SamplerComparisonState shadowSampler : register(s1);
cbuffer ShadowParams : register(b2) {
    float3 lightDir;
    float receiverDepth;
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

float pcf2x2(float2 uv, float depth) {
    float sum = shadowMap.SampleCmpLevelZero(shadowSampler, uv, depth, int2(0, 0));
    sum += shadowMap.SampleCmpLevelZero(shadowSampler, uv, depth, int2(1, 0));
    sum += shadowMap.SampleCmpLevelZero(shadowSampler, uv, depth, int2(0, 1));
    sum += shadowMap.SampleCmpLevelZero(shadowSampler, uv, depth, int2(1, 1));
    return sum * 0.25;
}

float2 psmain(FullscreenVaryings i) : SV_Target {
    float3 n = float3(0, 0, 1);
    float ndl = saturate(dot(n, lightDir));
    float visibility = pcf2x2(i.uv, receiverDepth);
    return float2(visibility, visibility * ndl);
}
