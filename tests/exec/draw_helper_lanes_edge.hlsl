// Helper lanes at a triangle's edge. The triangle (0,0), (5.25,0), (0,5.25) in pixel units
// of an 8x8 target covers the pixels with px + py <= 4 (no pixel centre lies on an edge).
// Quads (0,0), (2,0) and (0,2) are fully covered; in quads (4,0), (2,2) and (0,4) only the
// upper-left pixel is, and the other three lanes are helper lanes. Each covered pixel writes,
// with h = IsHelperLane():
//   r = h (0: helper lanes write nothing)
//   g = QuadReadAcrossX(h) | QuadReadAcrossY(h) << 1 | QuadReadAcrossDiagonal(h) << 2
//   b = QuadAny(h) | QuadAll(!h) << 1
//   a = WaveActiveCountBits(h) (0: helper lanes do not take part in wave operations)
// so 0 0 2 0 in full quads and 0 7 1 0 in the partial ones; uncovered pixels stay 0.
// requires subgroup
// exec: -T ps_6_7 -E psmain draw 3 vs vsmain target rgba32uint 8x8
// expect target = [0,0,2,0, 0,0,2,0, 0,0,2,0, 0,0,2,0, 0,7,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,2,0, 0,0,2,0, 0,0,2,0, 0,0,2,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,2,0, 0,0,2,0, 0,7,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,2,0, 0,0,2,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,7,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]
// peer-bug glslang: no IsHelperLane, QuadAny or QuadAll
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(5.25, 0) : float2(0, 5.25));
    return float4(p.x / 4.0 - 1.0, 1.0 - p.y / 4.0, 0.0, 1.0);
}

uint4 psmain(float4 pos : SV_Position) : SV_Target {
    uint h = IsHelperLane() ? 1u : 0u;
    uint g = QuadReadAcrossX(h) | (QuadReadAcrossY(h) << 1) | (QuadReadAcrossDiagonal(h) << 2);
    uint b = (QuadAny(h != 0) ? 1u : 0u) | (QuadAll(h == 0) ? 2u : 0u);
    return uint4(h, g, b, WaveActiveCountBits(h != 0));
}
