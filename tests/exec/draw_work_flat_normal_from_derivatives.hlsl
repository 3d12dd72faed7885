// Faceted (flat) shading without vertex normals: the pixel shader rebuilds the face normal
// from the screen-space derivatives of the interpolated world position,
// N = normalize(cross(ddx_coarse(P), ddy_coarse(P))), and lights it with N.L, L = (0, 0, 1)
// from the cbuffer. P = (sx, sy, 0.5 sx + 0.25 sy) with (sx, sy) the pixel coordinates
// (a full-screen triangle over a 2x2 target: P is linear in screen space, w = 1), so
// ddx(P) = (1, 0, 0.5), ddy(P) = (0, 1, 0.25), cross = (-0.5, -0.25, 1), |cross| =
// sqrt(1.3125): N = (-0.4364358, -0.2182179, 0.8728716) and N.L = 0.8728716 on every pixel.
// Tolerance abs 1e-5 (derivatives of interpolated values, then rsqrt).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// cbuffer b0 = f32 [0, 0, 1, 0]
// expect target ~ abs 1e-5 = [-0.4364358, -0.2182179, 0.8728716, 0.8728716,
//   -0.4364358, -0.2182179, 0.8728716, 0.8728716,
//   -0.4364358, -0.2182179, 0.8728716, 0.8728716,
//   -0.4364358, -0.2182179, 0.8728716, 0.8728716]
cbuffer Lighting : register(b0) {
    float3 lightDir;
    float lightPad;
};

struct Varyings {
    float4 position : SV_Position;
    float3 worldPos : POSITION1;
};

Varyings vsmain(uint id : SV_VertexID) {
    float2 uv = float2((id << 1) & 2, id & 2);
    float2 s = uv * 2.0;
    Varyings o;
    o.position = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
    o.worldPos = float3(s, 0.5 * s.x + 0.25 * s.y);
    return o;
}

float4 psmain(Varyings i) : SV_Target {
    float3 n = normalize(cross(ddx_coarse(i.worldPos), ddy_coarse(i.worldPos)));
    return float4(n, saturate(dot(n, lightDir)));
}
