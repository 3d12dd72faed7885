// Texture2D.SampleLevel with an immediate texel offset (added in the texel space of the
// mip sampled, before addressing) and Texture2DArray.SampleLevel with an offset. r32float
// 4x4 with 2 mips, texels = iota (mip 0: 0..15 row by row, mip 1: 16..19), point sampling,
// clamp addressing. By hand:
//   (0.375, 0.375) is texel (1, 1); offset (1, -1) → (2, 0) = 2
//   (0.875, 0.875) is texel (3, 3); offset (1, 1) → clamped to (3, 3) = 15
//   mip 1 (2x2), (0.25, 0.25) is texel (0, 0); offset (1, 1) → (1, 1) = 19
//   (0.125, 0.625) is texel (0, 2); offset (-1, 0) → clamped to (0, 2) = 8
//   array (2x2x2, iota 0..7), layer 1, (0.25, 0.25) + offset (1, 0) → texel (1, 0) of layer 1 = 5
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d r32float 4x4 mips 2 = iota
// texture t1 sampled 2darray r32float 2x2x2 = iota
// sampler s2 point clamp
// buffer u3 rw float[5] = 0
// expect u3 = [2, 15, 19, 8, 5]
Texture2D<float> tex : register(t0);
Texture2DArray<float> arr : register(t1);
SamplerState smp : register(s2);
RWStructuredBuffer<float> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    o[0] = tex.SampleLevel(smp, float2(0.375, 0.375), 0, int2(1, -1));
    o[1] = tex.SampleLevel(smp, float2(0.875, 0.875), 0, int2(1, 1));
    o[2] = tex.SampleLevel(smp, float2(0.25, 0.25), 1, int2(1, 1));
    o[3] = tex.SampleLevel(smp, float2(0.125, 0.625), 0, int2(-1, 0));
    o[4] = arr.SampleLevel(smp, float3(0.25, 0.25, 1), 0, int2(1, 0));
}
