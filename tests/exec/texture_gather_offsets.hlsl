// Texture2D Gather forms, Load with an offset, .mips[][], SampleGrad and GetDimensions with
// float outputs, on a 4x4 r32float texture whose texel (x, y) holds 4y + x, and a 2x2 rgba8.
// Gather at uv (0.5, 0.5) covers texels x 1..2, y 1..2 and returns (x: (1,2), y: (2,2),
// z: (2,1), w: (1,1)) = (9, 10, 6, 5) (D3D's order: lower-left, lower-right, upper-right,
// upper-left). With four offsets each component comes from its own gather:
//   o1 (0,0) → x of the same footprint = 9; o2 (1,0) → y of x 2..3, y 1..2 = (3,2) = 11;
//   o3 (0,1) → z of x 1..2, y 2..3 = (2,2) = 10; o4 (-1,-1) → w of x 0..1, y 0..1 = (0,0) = 0.
// GatherRed with one offset (1,1): footprint x 2..3, y 2..3 → ((2,3), (3,3), (3,2), (2,2)) =
// (14, 15, 11, 10).
// GatherAlpha on the rgba8 texture at its centre: alphas of (0,1), (1,1), (1,0), (0,0) =
// (64, 255, 128, 0) / 255. Load(int3(1,1,0), int2(1,0)) = texel (2,1) = 6; .mips[0][(3,3)]
// = 15; SampleGrad(point, (0.625, 0.375), 0, 0) = texel (2,1) = 6; GetDimensions(0, w, h,
// levels) as floats = 4, 4, 1.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d r32float 4x4 = iota
// texture t1 sampled 2d rgba8unorm 2x2 = [0, 0, 0, 0,   0, 0, 0, 128,   0, 0, 0, 64,   0, 0, 0, 255]
// sampler s2 point clamp
// buffer u3 rw float[19] = 0
// expect u3 ~ 0ulp = [9, 10, 6, 5,  9, 11, 10, 0,  14, 15, 11, 10,
//                     0.2509804, 1, 0.5019608, 0,  6, 15, 6]
// peer-bug glslang: no Gather overload with four offsets
// buffer u4 rw float[3] = 0
// expect u4 = [4, 4, 1]
Texture2D<float> t : register(t0);
Texture2D<float4> c : register(t1);
SamplerState s : register(s2);
RWStructuredBuffer<float> o : register(u3);
RWStructuredBuffer<float> d : register(u4);

[numthreads(1, 1, 1)]
void main() {
    float4 g = t.Gather(s, float2(0.5, 0.5));
    float4 g4 = t.Gather(s, float2(0.5, 0.5), int2(0, 0), int2(1, 0), int2(0, 1), int2(-1, -1));
    float4 r = t.GatherRed(s, float2(0.5, 0.5), int2(1, 1));
    float4 a = c.GatherAlpha(s, float2(0.5, 0.5));
    uint k = 0;
    o[k++] = g.x; o[k++] = g.y; o[k++] = g.z; o[k++] = g.w;
    o[k++] = g4.x; o[k++] = g4.y; o[k++] = g4.z; o[k++] = g4.w;
    o[k++] = r.x; o[k++] = r.y; o[k++] = r.z; o[k++] = r.w;
    o[k++] = a.x; o[k++] = a.y; o[k++] = a.z; o[k++] = a.w;
    o[k++] = t.Load(int3(1, 1, 0), int2(1, 0));
    o[k++] = t.mips[0][uint2(3, 3)];
    o[k++] = t.SampleGrad(s, float2(0.625, 0.375), float2(0, 0), float2(0, 0));
    float w, h, levels;
    t.GetDimensions(0, w, h, levels);
    d[0] = w; d[1] = h; d[2] = levels;
}
