// An array of constant buffers (ConstantBuffer<P> cbs[2] at b0, one binding): hlslc binds it
// as an array of read-only storage buffers holding the D3D-packed bytes (wgpu cannot bind
// arrays of uniform buffers; warning W0809), so the fixture's b0[k] are storage buffers.
// P packs as scale at 0, pair at 16, last at 24 (28 bytes).
// layout cbs: scale=0 pair=16 last=24
// Thread t reads k = t & 1 (per-thread, NonUniformResourceIndex):
//   dst[2t]     = cbs[k].scale[t] + cbs[k].last      → 1 + 7.5, 20 + 70.5, 3 + 7.5, 40 + 70.5
//   dst[2t + 1] = cbs[k].pair.y + cbs[1 - k].scale.x → 6 + 10, 60 + 1, 6 + 10, 60 + 1
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0[0] = f32 [1, 2, 3, 4] u32 [5, 6] f32 [7.5]
// cbuffer b0[1] = f32 [10, 20, 30, 40] u32 [50, 60] f32 [70.5]
// buffer u2 rw float[8] = 0
// expect u2 = [8.5, 16, 90.5, 61, 10.5, 16, 110.5, 61]
// peer-bug glslang: glslang's HLSL front end has no NonUniformResourceIndex; without it, glslang declares the array as uniform buffers, which wgpu cannot bind (UNIFORM_BUFFER_BINDING_ARRAYS is supported on no platform), so pipeline creation fails against the storage layout
struct P { float4 scale; uint2 pair; float last; };
ConstantBuffer<P> cbs[2] : register(b0);
RWStructuredBuffer<float> dst : register(u2);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int k = NonUniformResourceIndex(int(t & 1));
    dst[2 * t] = cbs[k].scale[t] + cbs[k].last;
    dst[2 * t + 1] = (float)cbs[k].pair.y + cbs[1 - k].scale.x;
}
