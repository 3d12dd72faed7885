// SM 6.6 ResourceDescriptorHeap with textures and SamplerDescriptorHeap: dst at u0 takes
// binding 0, the resource heap binding 1 and the sampler heap binding 2 (DXC's order). Thread t
// samples texture t & 1 at the centre of a 2x2 r32float texture with sampler t >> 1: linear
// (sampler 0) averages the four texels (2.5, 25), point (sampler 1) takes texel (1, 1) (4, 40).
// Bilinear weights are 1/2 here, exact in any filtering precision.
// exec: -T cs_6_6 -E main dispatch 1 1 1
// requires float32-filterable
// buffer u0 rw float[4] = 0
// texture t1[0] sampled 2d r32float 2x2 = [1, 2, 3, 4]
// texture t1[1] sampled 2d r32float 2x2 = [10, 20, 30, 40]
// sampler s2[0] linear clamp
// sampler s2[1] point clamp
// expect u0 = [2.5, 25, 4, 40]
// peer-bug glslang: glslang's HLSL front end has no ResourceDescriptorHeap (SM 6.6)
RWStructuredBuffer<float> dst : register(u0);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Texture2D<float> tex = ResourceDescriptorHeap[NonUniformResourceIndex(t & 1)];
    SamplerState smp = SamplerDescriptorHeap[NonUniformResourceIndex(t >> 1)];
    dst[t] = tex.SampleLevel(smp, float2(0.5, 0.5), 0);
}
