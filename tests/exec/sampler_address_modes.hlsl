// Sampler address modes on SampleLevel with point filtering, for u outside [0, 1] on a 4x1
// r32float texture holding 0, 1, 2, 3 (texel i covers u in [i/4, (i+1)/4)): by hand,
//   wrap:   u = 1.125 → 0.125 → texel 0; u = -0.125 → 0.875 → texel 3
//   mirror: u = 1.125 → 0.875 → texel 3; u = -0.125 → 0.125 → texel 0; u = 2.125 → 0.125 → 0
//   clamp:  u = 1.125 → texel 3; u = -0.125 → texel 0
// and a Load beside them (texel 2 = 2).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d r32float 4x1 = [0, 1, 2, 3]
// sampler s1 point wrap
// sampler s2 point mirror
// sampler s3 point clamp
// buffer u4 rw float[8] = 0
// expect u4 = [0, 3, 3, 0, 0, 3, 0, 2]
Texture2D<float> tex : register(t0);
SamplerState wrapS : register(s1);
SamplerState mirrorS : register(s2);
SamplerState clampS : register(s3);
RWStructuredBuffer<float> o : register(u4);

[numthreads(1, 1, 1)]
void main() {
    o[0] = tex.SampleLevel(wrapS, float2(1.125, 0.5), 0);
    o[1] = tex.SampleLevel(wrapS, float2(-0.125, 0.5), 0);
    o[2] = tex.SampleLevel(mirrorS, float2(1.125, 0.5), 0);
    o[3] = tex.SampleLevel(mirrorS, float2(-0.125, 0.5), 0);
    o[4] = tex.SampleLevel(mirrorS, float2(2.125, 0.5), 0);
    o[5] = tex.SampleLevel(clampS, float2(1.125, 0.5), 0);
    o[6] = tex.SampleLevel(clampS, float2(-0.125, 0.5), 0);
    o[7] = tex.Load(int3(2, 0, 0));
}
