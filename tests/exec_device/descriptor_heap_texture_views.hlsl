// SM 6.6 ResourceDescriptorHeap taken as three texture types that WGSL spells alike:
// Texture2D<float4>, Texture2D<float> and Texture2D<float2> are all `texture_2d<f32>`, so for
// WGSL hlslc declares the heap once (one binding array at the heap's binding) and each view
// keeps its own components; SPIR-V aliases one array per type at that binding, as DXC. dst at
// u0 → binding 0, the heap → binding 1 (elements t1[k]). Heap elements: 0 rgba16float 2x1,
// 1 r16float 2x1, 2 rg16float 1x1 (all values exact in f16). A view reads the texel's first
// channels (a Texture2D<float> of element 0 reads red):
//   dst[0..3] = heap[0].Load(1, 0)         = (5, 6, 7, 8)
//   dst[4]    = Texture2D<float>(heap[1])[1, 0] = -0.5
//   dst[5..6] = Texture2D<float2>(heap[2])[0, 0] = (0.25, 1.5)
//   dst[7]    = heap[1][0, 0] + heap[2][0, 0].y = 3 + 1.5 = 4.5
//   dst[8 + t] = Texture2D<float>(heap[t])[0, 0] (run-time index) = 1, 3, 0.25
// exec: -T cs_6_6 -E main dispatch 1 1 1
// requires binding-array
// buffer u0 rw float[11] = 0
// texture t1[0] sampled 2d rgba16float 2x1 = [1, 2, 3, 4,  5, 6, 7, 8]
// texture t1[1] sampled 2d r16float 2x1 = [3, -0.5]
// texture t1[2] sampled 2d rg16float 1x1 = [0.25, 1.5]
// expect u0 = [5, 6, 7, 8, -0.5, 0.25, 1.5, 4.5, 1, 3, 0.25]
// peer-bug glslang: glslang's HLSL front end has no ResourceDescriptorHeap (SM 6.6)
RWStructuredBuffer<float> dst : register(u0);

[numthreads(3, 1, 1)]
void main(uint t : SV_GroupIndex) {
    if (t == 0) {
        Texture2D<float4> rgba = ResourceDescriptorHeap[0];
        Texture2D<float> r = ResourceDescriptorHeap[1];
        Texture2D<float2> rg = ResourceDescriptorHeap[2];
        float4 a = rgba.Load(int3(1, 0, 0));
        dst[0] = a.x;
        dst[1] = a.y;
        dst[2] = a.z;
        dst[3] = a.w;
        dst[4] = r[uint2(1, 0)];
        float2 c = rg.Load(int3(0, 0, 0));
        dst[5] = c.x;
        dst[6] = c.y;
        dst[7] = r[uint2(0, 0)] + rg[uint2(0, 0)].y;
    }
    Texture2D<float> any = ResourceDescriptorHeap[NonUniformResourceIndex(t)];
    dst[8 + t] = any.Load(int3(0, 0, 0));
}
