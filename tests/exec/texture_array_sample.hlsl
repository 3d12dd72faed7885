// Texture2DArray: SampleLevel with (u, v, layer) and Load with (x, y, layer, mip).
// r32float 2x2 with 3 layers, texel = layer * 4 + y * 2 + x (iota, layer-major):
// SampleLevel(point, (0.75, 0.25, 2)) = 9; Load(0, 1, 1, 0) = 6; the layer coordinate is
// rounded to nearest: (0.25, 0.75, 0.6) → layer 1, texel (0, 1) = 6.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2darray r32float 2x2x3 = iota
// sampler s1 point clamp
// buffer u2 rw float[3] = 0
// expect u2 = [9, 6, 6]
Texture2DArray<float> tex : register(t0);
SamplerState point_clamp : register(s1);
RWStructuredBuffer<float> dst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = tex.SampleLevel(point_clamp, float3(0.75, 0.25, 2), 0);
    dst[1] = tex.Load(int4(0, 1, 1, 0));
    dst[2] = tex.SampleLevel(point_clamp, float3(0.25, 0.75, 0.6), 0);
}
