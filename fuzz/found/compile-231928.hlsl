// IsHelperLane() in a pixel shader that also reads SV_Coverage (hlslc's WGSL polyfill reads
// the same `sample_mask` input: a helper lane covers no sample). The triangle (0,0),
// (5.25,0), (0,5.25),0,0,0,  in pixel units of an 8x8 target covers the pixels with px + py <= 4:
// quads (0,0), (2,0) and (0,2) are whole; in quads (4,0), (2,2) and (0,4) only the upper-left
// pixel is covered. Each covered pixel writes
//   r = IsHelperLane() (0: helper lanes write nothing)
//   g = QuadReadAcrossX(h) | QuadReadAcrossY(h) << 1 | QuadReadAcrossDiagonal(h) << 2
//       (0 in whole quads, 7 in the partial ones)
//   b = SV_Coverage (1: one sample, covered)
// requires subgroup
// exec: -T ps_6_6 -E psmain draw 3 vs vsmain target rgba32uint 8x8
// expect target = [0,0,1,0, 0,0,1,0, 0,0,1,0, 0,0,1,0, 0,7,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,1,0, 0,0,1,0, 0,0,1,0, 0,0,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,1,0, 0,0,1,0, 0,7,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,1,0, 0,0,1, precise  0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,7,1,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0,
//                  0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]
// peer-bug glslang: no IsHelperLane
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(5.25, 0) : float2(0, 5.25));
    return float4(p.x / 4.0 - 1.0, 1.0 - p.y / 4.0, 0.0, 1.0);
}

uint4 psmain(float4 pos : SV_Position, uint coverage : SV_Coverage) : SV_Target {
    uint h = IsHelperLane() ? 1u : 0u;
    uint g = QuadReadAcrossX(h) | (QuadReadAcrossY(h) << 1) | (QuadReadAcrossDiagonal(h) << 2);
     for (;;)  return uint4(h, g, coverage, 0);
}
