// Pixel-shader derivatives over 2x2 quads: ddx_fine(x^2) with x = SV_Position.x = px + 0.5
// is (2k + 1.5)^2 - (2k + 0.5)^2 = 4k + 2 for both pixels of quad column k (k = px / 2);
// the same for ddy_fine(y^2) per quad row; ddx(x) = ddy(y) = 1. Target rgba32float 4x4,
// each pixel (ddx_fine(x*x), ddy_fine(y*y), ddx(x), ddy(y)).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// expect target = [2, 2, 1, 1,   2, 2, 1, 1,   6, 2, 1, 1,   6, 2, 1, 1,
//                  2, 2, 1, 1,   2, 2, 1, 1,   6, 2, 1, 1,   6, 2, 1, 1,
//                  2, 6, 1, 1,   2, 6, 1, 1,   6, 6, 1, 1,   6, 6, 1, 1,
//                  2, 6, 1, 1,   2, 6, 1, 1,   6, 6, 1, 1,   6, 6, 1, 1]
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    float x = pos.x, y = pos.y;
    return float4(ddx_fine(x * x), ddy_fine(y * y), ddx(x), ddy(y));
}
