// SampleGrad, SampleLevel, Load with an int3 mip and an offset, `mips[][]` and GetDimensions
// with a mip argument on one 8x8 r16float texture with 4 mips, where texel (x, y) of mip m
// (width w) = 100m + w*y + x; and slice selection in a Texture2DArray (r32float 2x2x4, texel
// = 4*layer + 2y + x): the layer coordinate is rounded to nearest and clamped.
// uv0 = (0.01, 0.01) reads texel (0, 0) of every mip, value 100m, so a LOD shows directly.
// By hand: the LOD of SampleGrad is log2(max(|ddx|, |ddy|) * 8) (no anisotropy):
// o0 grads 1/8 → 0 → 0; o1 grads 1/4 → 1 → 100; o2 ddx (.5, 0), ddy (0, 1/8) → 2 → 200;
// o3 grads 4 → 5, clamped to 3 → 300; b0 (mip linear) grads sqrt(2)/4 → 1.5 → 150;
// b1 SampleLevel 2.5 (mip linear) → 250; o6 level -1 → 0 → 0; o7 level 7 (point) → 300;
// o8 SampleLevel (0.99, 0.4) level 1: mip 1 texel (3, 1) → 100 + 4 + 3 = 107;
// o9 Load(int3(5, 6, 0)) → 53; o10 Load(int3(1, 0, 1), int2(1, 2)) → mip 1 (2, 2) → 110;
// o11 Load(int3(1, 1, 2)) → 203; o12 mips[1][uint2(3, 3)] → 115.
// Array (point, lod 0) at (0.25, 0.25): layer 1.5001 → 2 → 8; 2.49 → 2 → 8; -0.7 → 0 → 0;
// 9 → 3 → 12; 0.51 → 1 → 4; SampleGrad at (0.75, 0.75, 3.2) → layer 3 (1,1) = 15.
// GetDimensions(2, w, h, n) = (2, 2, 4); (0, …) = (8, 8, 4); (w, h) = (8, 8); the array's
// GetDimensions(0, w, h, elements, levels) = (2, 2, 4, 1).
// Tolerance: abs 2 on the two blends b0, b1 (Vulkan lets the LOD be approximated, mip weights
// have 8 bits); every other value is one texel, exact (o4, o5 stay 0).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d r16float 8x8 mips 4 = [
//   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
//   25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46,
//   47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 100, 101, 102, 103,
//   104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 200, 201, 202, 203, 300]
// texture t1 sampled 2darray r32float 2x2x4 = iota
// sampler s2 point mip point clamp
// sampler s3 point mip linear clamp
// buffer u4 rw float[19] = 0
// buffer u5 rw uint[12] = 0
// buffer u6 rw float[2] = 0
// expect u6 ~ abs 2 = [150, 250]
// expect u4 = [0, 100, 200, 300, 0, 0, 0, 300, 107, 53, 110, 203, 115,
//   8, 8, 0, 12, 4, 15]
// expect u5 = [2, 2, 4, 8, 8, 4, 8, 8, 2, 2, 4, 1]
Texture2D<float> tex : register(t0);
Texture2DArray<float> slices : register(t1);
SamplerState pp : register(s2);
SamplerState pl : register(s3);
RWStructuredBuffer<float> o : register(u4);
RWStructuredBuffer<uint> d : register(u5);
RWStructuredBuffer<float> b : register(u6);

static const float2 uv0 = float2(0.01, 0.01);

[numthreads(1, 1, 1)]
void main() {
    o[0] = tex.SampleGrad(pp, uv0, float2(0.125, 0), float2(0, 0.125));
    o[1] = tex.SampleGrad(pp, uv0, float2(0.25, 0), float2(0, 0.25));
    o[2] = tex.SampleGrad(pp, uv0, float2(0.5, 0), float2(0, 0.125));
    o[3] = tex.SampleGrad(pp, uv0, float2(4, 0), float2(0, 4));
    const float g = sqrt(2.0) / 4;
    b[0] = tex.SampleGrad(pl, uv0, float2(g, 0), float2(0, g));
    b[1] = tex.SampleLevel(pl, uv0, 2.5);
    o[6] = tex.SampleLevel(pl, uv0, -1);
    o[7] = tex.SampleLevel(pp, uv0, 7);
    o[8] = tex.SampleLevel(pp, float2(0.99, 0.4), 1);
    o[9] = tex.Load(int3(5, 6, 0));
    o[10] = tex.Load(int3(1, 0, 1), int2(1, 2));
    o[11] = tex.Load(int3(1, 1, 2));
    o[12] = tex.mips[1][uint2(3, 3)];
    const float zs[5] = { 1.5001, 2.49, -0.7, 9, 0.51 };
    for (uint i = 0; i < 5; i++)
        o[13 + i] = slices.SampleLevel(pp, float3(0.25, 0.25, zs[i]), 0);
    o[18] = slices.SampleGrad(pp, float3(0.75, 0.75, 3.2), float2(0.5, 0), float2(0, 0.5));

    uint w, h, n;
    tex.GetDimensions(2, w, h, n);
    d[0] = w; d[1] = h; d[2] = n;
    tex.GetDimensions(0u, w, h, n);
    d[3] = w; d[4] = h; d[5] = n;
    tex.GetDimensions(w, h);
    d[6] = w; d[7] = h;
    uint e, l;
    slices.GetDimensions(0, w, h, e, l);
    d[8] = w; d[9] = h; d[10] = e; d[11] = l;
}
