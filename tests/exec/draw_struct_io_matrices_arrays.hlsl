// One struct as the vertex output and the pixel input holding a row_major float2x3, a
// (column-major) float3x2, a float array and a nointerpolation array of int2, each with one
// semantic covering its rows/columns/elements; the pixel shader indexes and multiplies them.
// Every vertex writes the same values, so interpolation keeps them (tolerance rel 1e-6 for the
// driver's interpolation arithmetic). m = rows (1,2,3), (4,5,6); cm = rows (10,11), (12,13),
// (14,15); w = {7, 8, 9}; k = {(-1, 2), (3, -4)}. By hand:
// x = m[1][2] + 100 * mul(m, (1,0,1)).x = 6 + 100 * 4 = 406; y = w[1] + w[2] = 17;
// z = k[1].y * k[0].x = 4; w = cm[2][0] + 100 * mul((1,1,1), cm).y = 14 + 100 * 39 = 3914.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// expect target ~ rel 1e-6 = [406, 17, 4, 3914,  406, 17, 4, 3914,  406, 17, 4, 3914,
//   406, 17, 4, 3914]
struct Varyings {
    float4 pos : SV_Position;
    row_major float2x3 m : MAT0;
    float w[3] : W0;
    nointerpolation int2 k[2] : K0;
    float3x2 cm : CM0;
};

Varyings vsmain(uint id : SV_VertexID) {
    Varyings o;
    float2 p = float2((id << 1) & 2, id & 2);
    o.pos = float4(p * 2.0 - 1.0, 0.0, 1.0);
    o.m = float2x3(1, 2, 3, 4, 5, 6);
    [unroll] for (int i = 0; i < 3; i++) o.w[i] = 7 + i;
    o.k[0] = int2(-1, 2);
    o.k[1] = int2(3, -4);
    o.cm = float3x2(10, 11, 12, 13, 14, 15);
    return o;
}

float4 psmain(Varyings v) : SV_Target {
    return float4(v.m[1][2] + 100 * mul(v.m, float3(1, 0, 1)).x,
                  v.w[1] + v.w[2],
                  v.k[1].y * v.k[0].x,
                  v.cm[2][0] + 100 * mul(float3(1, 1, 1), v.cm).y);
}
