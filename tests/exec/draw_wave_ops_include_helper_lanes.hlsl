// [WaveOpsIncludeHelperLanes] (SM 6.7): helper lanes take part in wave operations.
// One triangle, (0,0), (7.9,0), (0,7.9) in pixels of an 8x8 target, covers the pixels with
// px + py <= 6 (no pixel centre on an edge): quads with qx + qy <= 2 are whole, and in those
// with qx + qy = 3 the lower-right lane is a helper lane.
// The lower-right pixel of every quad (odd px and py) discards; with the attribute the
// demoted lanes stay in the wave. Each remaining covered pixel writes
//   r = WaveActiveAnyTrue(IsHelperLane()): 1 in whole quads (their demoted lane is in the wave)
//   g = WaveActiveCountBits(true) >= 4: 1 in whole quads (the demoted lane counts)
//   b = QuadReadAcrossDiagonal(IsHelperLane()): 1 when the diagonal lane is a helper
// In the partial quads, r and g depend on which quads share a wave and on whether the driver
// keeps lanes that only complete a quad active (hlslc warns that it cannot require it): `_`.
// requires subgroup
// exec: -T ps_6_7 -E psmain draw 3 vs vsmain target rgba32uint 8x8
// expect target = [1,1,1,0, 1,1,0,0, 1,1,1,0, 1,1,0,0, 1,1,1,0, 1,1,0,0, _,_,1,0, 0,0,0,0,
//                  1,1,0,0, 0,0,0,0, 1,1,0,0, 0,0,0,0, 1,1,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  1,1,1,0, 1,1,0,0, 1,1,1,0, 1,1,0,0, _,_,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  1,1,0,0, 0,0,0,0, 1,1,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  1,1,1,0, 1,1,0,0, _,_,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  1,1,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  _,_,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]
// peer-bug glslang: no IsHelperLane or WaveOpsIncludeHelperLanes
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    // The triangle (0,0), (7.9,0), (0,7.9) in pixels, inside the viewport (no clipping).
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(7.9, 0) : float2(0, 7.9));
    return float4(p.x / 4.0 - 1.0, 1.0 - p.y / 4.0, 0.0, 1.0);
}

[WaveOpsIncludeHelperLanes]
uint4 psmain(float4 pos : SV_Position) : SV_Target {
    uint2 p = (uint2)pos.xy;
    if ((p.x & 1) == 1 && (p.y & 1) == 1)
        discard;
    uint any_helper = WaveActiveAnyTrue(IsHelperLane()) ? 1u : 0u;
    uint counted = WaveActiveCountBits(true) >= 4 ? 1u : 0u;
    uint diag = QuadReadAcrossDiagonal(IsHelperLane() ? 1u : 0u);
    return uint4(any_helper, counted, diag, 0);
}
