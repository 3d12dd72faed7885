// Clip distances declared as a float2 SV_ClipDistance0 and a float SV_ClipDistance1 (DXC
// places them in one ClipDistance array by semantic index: elements 0-1, then 2) next to an
// SV_CullDistance0, and read back in the pixel shader. A full-screen triangle (w = 1) over a
// 4x1 target, pixel-centre NDC x = -0.75, -0.25, 0.25, 0.75: c = (x + 0.5, 1) clips pixel 0,
// e = 0.5 - x clips pixel 3; the cull distance is 1 (never culls). The pixel shader returns
// 10 c.x + e + c.y: pixel 1: 2.5 + 0.75 + 1 = 4.25; pixel 2: 7.5 + 0.25 + 1 = 8.75; clipped
// pixels keep the clear colour 0. Tolerance abs 1e-5 (interpolated distances).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target r32float 4x1
// expect target ~ abs 1e-5 = [0, 4.25, 8.75, 0]
// xfail hlslc-wgsl: WGSL has no cull distances and no clip-distance input in fragment shaders
//   (E0803 for each; draw_clip_distance_two_semantics checks the WGSL clip-distance output)
struct VsOut {
    float4 pos : SV_Position;
    float2 c : SV_ClipDistance0;
    float cull : SV_CullDistance0;
    float e : SV_ClipDistance1;
};

VsOut vsmain(uint id : SV_VertexID) {
    VsOut o;
    const float2 p = float2((id << 1) & 2, id & 2) * 2.0 - 1.0;
    o.pos = float4(p, 0, 1);
    o.c = float2(p.x + 0.5, 1);
    o.cull = 1;
    o.e = 0.5 - p.x;
    return o;
}

float psmain(float4 pos : SV_Position, float2 c : SV_ClipDistance0, float e : SV_ClipDistance1) : SV_Target {
    return 10 * c.x + e + c.y;
}
