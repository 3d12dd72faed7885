// A deferred lighting pass: the G-buffer is read with `Texture2D.Load(int3(SV_Position.xy, 0))`
// (no sampler: the float position converts to the integer texel of the pixel), albedo from
// an rgba8unorm target and a world normal stored as n * 0.5 + 0.5 in another; the normal is
// decoded and renormalised, and a directional light (cbuffer: direction (0, 0.6, 0.8),
// ambient 0.125, colour (2, 1, 0.5)) gives rgb = albedo * (ambient + max(N.L, 0) * colour)
// and alpha = max(N.L, 0). Pixel 3's normal (128, 0, 0) points away from the light
// (N.L < 0 clamps to 0). A full-screen triangle covers the 2x2 target. Expected values from
// draw_work/models.py (`deferred`); tolerance rel 1e-5 or abs 1e-5 (normalize is rsqrt,
// 2 ulp, then products).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// texture t0 sampled 2d rgba8unorm 2x2 = [255, 128, 0, 255, 0, 255, 255, 255, 64, 64, 64, 255, 255, 255, 255, 0]
// texture t1 sampled 2d rgba8unorm 2x2 = [128, 128, 255, 255, 255, 128, 128, 255, 128, 255, 128, 255, 128, 0, 0, 255]
// cbuffer b2 = f32 [0, 0.6, 0.8, 0.125, 2, 1, 0.5, 0]
// expect target ~ rel 1e-5 abs 1e-5 = [1.729681, 0.4654886, 0, 0.8023406,
//   0, 0.1304901, 0.1277451, 0.005490112,  0.3341191, 0.1827458, 0.1070592, 0.603128,
//   0.125, 0.125, 0.125, 0]
Texture2D<float4> gAlbedo : register(t0);
Texture2D<float4> gNormal : register(t1);
cbuffer DirectionalLight : register(b2) {
    float3 lightDir;
    float ambient;
    float3 lightColor;
    float lightPad;
};

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}

float3 decodeNormal(float3 stored) {
    return normalize(stored * 2.0 - 1.0);
}

float4 psmain(float4 fragCoord : SV_Position) : SV_Target {
    int3 texel = int3(fragCoord.xy, 0);
    float3 albedo = gAlbedo.Load(texel).rgb;
    float3 n = decodeNormal(gNormal.Load(texel).xyz);
    float ndl = max(dot(n, lightDir), 0.0);
    return float4(albedo * (ambient + ndl * lightColor), ndl);
}
