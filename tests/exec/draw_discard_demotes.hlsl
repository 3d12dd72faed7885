// `discard` demotes the lane to a helper lane (D3D): the lane keeps running, so derivatives
// and quad operations after the `discard` still read it, but it writes no memory and no
// pixel.
// One triangle, (0,0), (7.9,0), (0,7.9) in pixels of an 8x8 target, covers the pixels with
// px + py <= 6 (no pixel centre on an edge): quads with qx + qy <= 2 are whole, and in those
// with qx + qy = 3 the lower-right lane is a helper lane.
// The lower-right pixel of every quad (odd px and py) discards; every other covered pixel
// writes, with x = px + 0.5, y = py + 0.5:
//   r = ddx_fine(x*x) = (2k+1.5)^2 - (2k+0.5)^2 = 4k + 2 for quad column k (reads the
//       demoted lane in the lower-left pixel)
//   g = ddy_fine(y*y) = 4m + 2 for quad row m (reads it in the upper-right pixel)
//   b = QuadReadAcrossDiagonal(10 px + py): 10 (px^1) + (py^1)
//   a = QuadReadAcrossDiagonal(IsHelperLane()) (1 when the diagonal lane was demoted or is
//       outside the triangle) + 2 when WaveActiveAnyTrue(IsHelperLane()) is false: helper
//       lanes do not take part in wave operations.
// Discarded and uncovered pixels keep the clear value 0; u1[8 py + px] = 1 is written only by
// the pixels that did not discard (a write after the `discard`).
// requires subgroup
// exec: -T ps_6_6 -E psmain draw 3 vs vsmain target rgba32float 8x8
// buffer u1 rw uint[64] = 0
// expect target = [2, 2, 11, 3,  2, 2, 1, 2,  6, 2, 31, 3,  6, 2, 21, 2,  10, 2, 51, 3,  10, 2, 41, 2,  14, 2, 71, 3,  0, 0, 0, 0,
//                  2, 2, 10, 2,  0, 0, 0, 0,  6, 2, 30, 2,  0, 0, 0, 0,  10, 2, 50, 2,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 6, 13, 3,  2, 6, 3, 2,  6, 6, 33, 3,  6, 6, 23, 2,  10, 6, 53, 3,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 6, 12, 2,  0, 0, 0, 0,  6, 6, 32, 2,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 10, 15, 3,  2, 10, 5, 2,  6, 10, 35, 3,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 10, 14, 2,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 14, 17, 3,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0]
// expect u1 = [1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0,
//              1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// peer-bug glslang: no IsHelperLane (and its discard is OpKill, which ends the lane)
RWStructuredBuffer<uint> written : register(u1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    // The triangle (0,0), (7.9,0), (0,7.9) in pixels, inside the viewport (no clipping).
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(7.9, 0) : float2(0, 7.9));
    return float4(p.x / 4.0 - 1.0, 1.0 - p.y / 4.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    uint2 p = (uint2)pos.xy;
    if ((p.x & 1) == 1 && (p.y & 1) == 1)
        discard;
    written[p.y * 8 + p.x] = 1;
    float x = pos.x, y = pos.y;
    float dx = ddx_fine(x * x);
    float dy = ddy_fine(y * y);
    float diag = QuadReadAcrossDiagonal(float(p.x * 10 + p.y));
    uint helper_diag = QuadReadAcrossDiagonal(IsHelperLane() ? 1u : 0u);
    uint no_helper_in_wave = WaveActiveAnyTrue(IsHelperLane()) ? 0u : 2u;
    return float4(dx, dy, diag, float(helper_diag + no_helper_in_wave));
}
