// clip(x) discards when any component of x is negative; like `discard` it demotes the lane
// (D3D), so its quad neighbours still read it.
// One triangle, (0,0), (7.9,0), (0,7.9) in pixels of an 8x8 target, covers the pixels with
// px + py <= 6 (no pixel centre on an edge): quads with qx + qy <= 2 are whole, and in those
// with qx + qy = 3 the lower-right lane is a helper lane.
// Pixels with px == 1 clip; the other covered pixels write QuadReadAcrossX(IsHelperLane())
// (1 when the X neighbour clipped or is outside the triangle), ddx_fine(pos.x) (1: the
// neighbour still runs) and 7.
// requires subgroup
// exec: -T ps_6_6 -E psmain draw 3 vs vsmain target rgba32float 8x8
// expect target = [1, 1, 7, 0,  0, 0, 0, 0,  0, 1, 7, 0,  0, 1, 7, 0,  0, 1, 7, 0,  0, 1, 7, 0,  1, 1, 7, 0,  0, 0, 0, 0,
//                  1, 1, 7, 0,  0, 0, 0, 0,  0, 1, 7, 0,  0, 1, 7, 0,  0, 1, 7, 0,  0, 1, 7, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  1, 1, 7, 0,  0, 0, 0, 0,  0, 1, 7, 0,  0, 1, 7, 0,  1, 1, 7, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  1, 1, 7, 0,  0, 0, 0, 0,  0, 1, 7, 0,  0, 1, 7, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  1, 1, 7, 0,  0, 0, 0, 0,  1, 1, 7, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  1, 1, 7, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  1, 1, 7, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0]
// peer-bug glslang: no IsHelperLane
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    // The triangle (0,0), (7.9,0), (0,7.9) in pixels, inside the viewport (no clipping).
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(7.9, 0) : float2(0, 7.9));
    return float4(p.x / 4.0 - 1.0, 1.0 - p.y / 4.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    uint px = (uint)pos.x;
    clip(float2(1.0, px == 1 ? -1.0 : 1.0));
    float h = QuadReadAcrossX(IsHelperLane() ? 1.0 : 0.0);
    return float4(h, ddx_fine(pos.x), 7.0, 0.0);
}
