// With -enable-16bit-types, a `Texture2D<half4>` sample converts the texel to 16-bit `half4`
// (and here back to float4 for the return). naga's WGSL writer declares `enable f16;` only
// for 16-bit types in its type arena, not for such a conversion, so hlslc's WGSL was refused
// by naga's own front end until the directive was added (vkd3d's sampler and
// texture-load-typed tests under SM 6.2).
// The texel values are exact in half: 0.5, -2, 1024 and 0.125 (a 1x1 rgba32float texture,
// point sampling) come back unchanged.
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16
// texture t0 sampled 2d rgba32float 1x1 = [0.5, -2, 1024, 0.125]
// sampler s1 point clamp
// buffer u2 rw float4[1] = 0
// expect u2 = [0.5, -2, 1024, 0.125]
// peer-bug glslang: no `half` as a 16-bit type in texture templates
Texture2D<half4> tex : register(t0);
SamplerState pointSampler : register(s1);
RWStructuredBuffer<float4> results : register(u2);

[numthreads(1, 1, 1)]
void main() {
    // The sample is converted to half4 and back to float4 with no half variable in between.
    results[0] = tex.SampleLevel(pointSampler, float2(0.5, 0.5), 0);
}
