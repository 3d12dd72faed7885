// `discard` demotes the lane to a helper lane (D3D): the lane keeps running, so derivatives
// and quad operations after the `discard` still read it, but it writes no memory and no
// pixel. A full-screen triangle on a 4x4 target; the lower-right pixel of every 2x2 quad
// (odd x and y) discards. The other pixels then write, with x = px + 0.5, y = py + 0.5:
//   r = ddx_fine(x*x) = (2k+1.5)^2 - (2k+0.5)^2 = 4k + 2 for quad column k (needs the
//       demoted lane for the lower-left pixel)
//   g = ddy_fine(y*y) = 4m + 2 for quad row m (needs it for the upper-right pixel)
//   b = QuadReadAcrossDiagonal(10 px + py) of the diagonal pixel (demoted for the upper left)
//   a = QuadReadAcrossDiagonal(IsHelperLane()) (1 for the upper-left pixel, whose diagonal
//       was demoted) + 2 when WaveActiveAnyTrue(IsHelperLane()) is false: helper lanes do not
//       take part in wave operations.
// Discarded pixels keep the clear value 0, and u1[py*4 + px] = 1 is written by the others
// only (a write after the discard).
// exec: -T ps_6_6 -E psmain draw 3 vs vsmain target rgba32float 4x4
// buffer u1 rw uint[16] = 0
// expect target = [2, 2, 11, 3,   2, 2,  1, 2,   6, 2, 31, 3,   6, 2, 21, 2,
//                  2, 2, 10, 2,   0, 0,  0, 0,   6, 2, 30, 2,   0, 0,  0, 0,
//                  2, 6, 13, 3,   2, 6,  3, 2,   6, 6, 33, 3,   6, 6, 23, 2,
//                  2, 6, 12, 2,   0, 0,  0, 0,   6, 6, 32, 2,   0, 0,  0, 0]
// expect u1 = [1, 1, 1, 1,  1, 0, 1, 0,  1, 1, 1, 1,  1, 0, 1, 0]
// peer-bug glslang: no IsHelperLane (and its discard is OpKill, which ends the lane)
RWStructuredBuffer<uint> written : register(u1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    uint2 p = (uint2)pos.xy;
    if ((p.x & 1) == 1 && (p.y & 1) == 1)
        discard;
    written[p.y * 4 + p.x] = 1;
    float x = pos.x, y = pos.y;
    float dx = ddx_fine(x * x);
    float dy = ddy_fine(y * y);
    float diag = QuadReadAcrossDiagonal(float(p.x * 10 + p.y));
    uint helper_diag = QuadReadAcrossDiagonal(IsHelperLane() ? 1u : 0u);
    uint no_helper_in_wave = WaveActiveAnyTrue(IsHelperLane()) ? 0u : 2u;
    return float4(dx, dy, diag, float(helper_diag + no_helper_in_wave));
}
