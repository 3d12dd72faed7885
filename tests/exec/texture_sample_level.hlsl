// Texture2D + SamplerState: SampleLevel with a point sampler returns the texel under the
// coordinate; with a linear sampler at the centre of a 2x2 texture it averages all four
// texels. Texels (rgba8unorm, row 0 first): red, green / blue, white.
// Point: uv (0.25, 0.25) → red, (0.75, 0.25) → green, (0.25, 0.75) → blue; clamp
// addressing: (1.5, -0.5) → green. Linear at (0.5, 0.5) → (0.5, 0.5, 0.5, 1) within 1/255
// (filtering precision is implementation-defined).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d rgba8unorm 2x2 = [255, 0, 0, 255,   0, 255, 0, 255,
//                                         0, 0, 255, 255,   255, 255, 255, 255]
// sampler s1 point clamp
// sampler s2 linear clamp
// buffer u3 rw float4[4] = 0
// buffer u4 rw float4[1] = 0
// expect u3 = [1, 0, 0, 1,   0, 1, 0, 1,   0, 0, 1, 1,   0, 1, 0, 1]
// expect u4 ~ abs 0.004 = [0.5, 0.5, 0.5, 1]
Texture2D<float4> tex : register(t0);
SamplerState point_clamp : register(s1);
SamplerState linear_clamp : register(s2);
RWStructuredBuffer<float4> points : register(u3);
RWStructuredBuffer<float4> filtered : register(u4);

[numthreads(1, 1, 1)]
void main() {
    points[0] = tex.SampleLevel(point_clamp, float2(0.25, 0.25), 0);
    points[1] = tex.SampleLevel(point_clamp, float2(0.75, 0.25), 0);
    points[2] = tex.SampleLevel(point_clamp, float2(0.25, 0.75), 0);
    points[3] = tex.SampleLevel(point_clamp, float2(1.5, -0.5), 0);
    filtered[0] = tex.SampleLevel(linear_clamp, float2(0.5, 0.5), 0);
}
