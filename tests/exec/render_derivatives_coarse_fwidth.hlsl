// Coarse derivatives and fwidth in a pixel shader over 2x2 quads. With x = SV_Position.x =
// px + 0.5, x*x differs by (2k + 1.5)^2 - (2k + 0.5)^2 = 4k + 2 across quad column k and is
// the same on both rows of the quad, so ddx_coarse(x*x) = 4k + 2 whichever row the device
// differences (likewise ddy_coarse(y*y) = 4j + 2 for quad row j). fwidth(x*x + y*y) =
// |ddx| + |ddy| = (4k + 2) + (4j + 2) for the same reason. Target rgba32float 4x4, each pixel
// (ddx_coarse(x*x), ddy_coarse(y*y), fwidth(x*x + y*y), fwidth(-x)).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// expect target = [2, 2, 4, 1,   2, 2, 4, 1,   6, 2, 8, 1,   6, 2, 8, 1,
//                  2, 2, 4, 1,   2, 2, 4, 1,   6, 2, 8, 1,   6, 2, 8, 1,
//                  2, 6, 8, 1,   2, 6, 8, 1,   6, 6, 12, 1,  6, 6, 12, 1,
//                  2, 6, 8, 1,   2, 6, 8, 1,   6, 6, 12, 1,  6, 6, 12, 1]
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    float x = pos.x, y = pos.y;
    return float4(ddx_coarse(x * x), ddy_coarse(y * y), fwidth(x * x + y * y), fwidth(-x));
}
