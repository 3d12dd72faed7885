// Bilinear 2x upscaling of a 4x4 r32float texture in a compute shader: SampleLevel with a
// linear clamp-to-edge sampler at the centre of each of 8x8 output pixels (uv =
// (id + 0.5) / 8), writing a structured buffer. The sample positions fall at quarter
// texels, so the weights are 0.25 / 0.75,
// exact at any subTexelPrecisionBits >= 4; the 0.01 absolute tolerance leaves room for
// the implementation-defined filtering arithmetic (values <= 16).
// Expected values: tests/exec/algo/models.py (bilinear_resize).
// requires float32-filterable
// exec: -T cs_6_0 -E main dispatch 1 1 1
// sampler s1 linear clamp
// buffer u2 rw float[64] = 0
// texture t0 sampled 2d r32float 4x4 = [2, 10, 0, 7, 0, 7, 16, 7, 5, 14, 6, 3, 5, 15, 1, 10]
// expect u2 ~ abs 0.01 = [2, 4, 8, 7.5, 2.5, 1.75, 5.25, 7, 1.5, 3.4375, 7.3125, 7.9375, 5.3125, 4.75, 6.25, 7,
//     0.5, 2.3125, 5.9375, 8.8125, 10.9375, 10.75, 8.25, 7, 1.25, 3.125, 6.875, 9.9375, 12.3125, 11.625, 7.875, 6,
//     3.75, 5.875, 10.125, 11.3125, 9.4375, 7.375, 5.125, 4, 5, 7.3125, 11.9375, 11.875, 7.125, 4.75, 4.75, 4.75,
//     5, 7.4375, 12.3125, 11.625, 5.375, 3.75, 6.75, 8.25, 5, 7.5, 12.5, 11.5, 4.5, 3.25, 7.75, 10]
Texture2D<float> Source : register(t0);
SamplerState Linear : register(s1);
RWStructuredBuffer<float> Resized : register(u2);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = (float2(id.xy) + 0.5) / 8.0;
    Resized[id.y * 8 + id.x] = Source.SampleLevel(Linear, uv, 0);
}
