// Alpha-tested foliage: the pixel shader takes the derivatives of the interpolated alpha
// (`fwidth`, `ddx_fine`, `ddy_coarse`) first, while every lane of each quad is still live, and
// only then `clip`s against the cutoff from the cbuffer (0.6). alpha = uv.x + 0.5 uv.y over a
// full-screen triangle on a 4x4 target is (4 px + 2 py + 3) / 16 at pixel centres, so
// ddx = 0.25, ddy = 0.125, fwidth = 0.375 everywhere; pixels with alpha < 0.6 (4 px + 2 py
// <= 6) are clipped and keep the clear colour -1. Kept pixels write (alpha, fwidth, ddx_fine,
// ddy_coarse). The nearest alphas to the cutoff are 9/16 and 10/16, so interpolation noise
// cannot move a pixel across it. Values from draw_work/models.py (`alpha_test`); tolerance
// abs 1e-5 (interpolation of a linear attribute).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4 clear -1 -1 -1 -1
// cbuffer b2 = f32 [0.6]
// expect target ~ abs 1e-5 = [-1, -1, -1, -1,  -1, -1, -1, -1,  0.6875, 0.375, 0.25, 0.125,
//   0.9375, 0.375, 0.25, 0.125,  -1, -1, -1, -1,  -1, -1, -1, -1,
//   0.8125, 0.375, 0.25, 0.125,  1.0625, 0.375, 0.25, 0.125,  -1, -1, -1, -1,
//   0.6875, 0.375, 0.25, 0.125,  0.9375, 0.375, 0.25, 0.125,  1.1875, 0.375, 0.25, 0.125,
//   -1, -1, -1, -1,  0.8125, 0.375, 0.25, 0.125,  1.0625, 0.375, 0.25, 0.125,
//   1.3125, 0.375, 0.25, 0.125]
cbuffer AlphaTest : register(b2) {
    float alphaCutoff;
};

struct FoliageVaryings {
    float4 position : SV_Position;
    float alpha : TEXCOORD0;
};

FoliageVaryings vsmain(uint id : SV_VertexID) {
    float2 uv = float2((id << 1) & 2, id & 2);
    FoliageVaryings o;
    o.position = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
    o.alpha = uv.x + 0.5 * uv.y;
    return o;
}

float4 psmain(FoliageVaryings i) : SV_Target {
    float a = i.alpha;
    float width = fwidth(a);
    float dx = ddx_fine(a);
    float dy = ddy_coarse(a);
    clip(a - alphaCutoff);
    return float4(a, width, dx, dy);
}
