// Clip distances declared as two scalar semantics, SV_ClipDistance0 and SV_ClipDistance1, in
// one vertex-output struct (DXC combines every SV_ClipDistanceN into the one ClipDistance
// array, two elements here). A full-screen triangle (w = 1) over a 4x1 target: pixel centres
// have NDC x = -0.75, -0.25, 0.25, 0.75; d0 = x + 0.5 clips pixel 0 (d0 < 0), d1 = 0.5 - x
// clips pixel 3. Surviving pixels write 1 over the clear colour 0 → [0, 1, 1, 0].
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target r32float 4x1
// expect target = [0, 1, 1, 0]
struct VsOut {
    float4 pos : SV_Position;
    float d0 : SV_ClipDistance0;
    float d1 : SV_ClipDistance1;
};

VsOut vsmain(uint id : SV_VertexID) {
    VsOut o;
    const float2 p = float2((id << 1) & 2, id & 2) * 2.0 - 1.0;
    o.pos = float4(p, 0, 1);
    o.d0 = p.x + 0.5;
    o.d1 = 0.5 - p.x;
    return o;
}

float psmain(float4 pos : SV_Position) : SV_Target {
    return 1;
}
