// SV_IsFrontFace, SV_VertexID and SV_InstanceID arithmetic in one instanced draw: 2
// instances of 6 vertices into a 4x2 rgba32uint target. Instance i covers columns 2i, 2i+1;
// triangle t = id / 3 covers row t with vertices (pixel coordinates) t = 0: (x0, 0),
// (x0 + 4, 0), (x0, 1) — clockwise on screen; t = 1: (x0, 1), (x0, 2), (x0 + 4, 1) —
// counter-clockwise (each covers the two pixel centres of its row in its block: the long
// edge crosses the centre row at x0 + 2). The harness draws with wgpu's default front face
// (counter-clockwise) and no culling, so row 0 is back-facing and row 1 front-facing.
// NDC = (px / 2 - 1, 1 - py). Each pixel returns (front ? 1 : 0, the provoking (first)
// vertex's SV_VertexID through a nointerpolation uint = 3t, the instance, and
// (uint)SV_Position.x + 10 * (uint)SV_Position.y).
// exec: -T ps_6_0 -E psmain draw 6 vs vsmain target rgba32uint 4x2 instances 2
// expect target = [0,0,0,0,  0,0,0,1,  0,0,1,2,  0,0,1,3,
//                  1,3,0,10, 1,3,0,11, 1,3,1,12, 1,3,1,13]
struct V2P {
    float4 pos : SV_Position;
    nointerpolation uint2 ids : IDS;
};

V2P vsmain(uint vid : SV_VertexID, uint inst : SV_InstanceID) {
    const uint t = vid / 3, k = vid % 3;
    const float x0 = 2.0 * inst;
    float2 p;
    if (t == 0)
        p = k == 0 ? float2(x0, 0) : (k == 1 ? float2(x0 + 4, 0) : float2(x0, 1));
    else
        p = k == 0 ? float2(x0, 1) : (k == 1 ? float2(x0, 2) : float2(x0 + 4, 1));
    V2P o;
    o.pos = float4(p.x / 2 - 1, 1 - p.y, 0, 1);
    o.ids = uint2(vid, inst);
    return o;
}

uint4 psmain(V2P i, bool front : SV_IsFrontFace) : SV_Target {
    return uint4(front ? 1 : 0, i.ids.x, i.ids.y, (uint)i.pos.x + 10 * (uint)i.pos.y);
}
