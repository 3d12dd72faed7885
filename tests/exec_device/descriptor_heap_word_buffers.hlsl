// SM 6.6 ResourceDescriptorHeap taken as a structured buffer of structs, a byte-address buffer,
// a StructuredBuffer<uint> and a Buffer<float4>: for WGSL hlslc reads all four as `array<u32>`
// (words laid out as D3D lays them out; the last two, which alone would be `array<u32>` and
// `array<vec4<f32>>`, too), so it declares the heap once and reads each through its own
// layout; SPIR-V aliases one array per type at the heap's binding, as DXC. dst at u0 →
// binding 0, the heap → binding 1 (elements t1[k]). S is { float3 p; uint n; } (16 bytes).
//   heap[0] (S[2]):  {(1, 2, 3), 4}, {(5.5, 6, 7), 8}
//   heap[1] (bytes): words 10, 11, 12, 13
//   heap[2] (uint):  20, 21, 22, 23
//   heap[3] (float4): (0.5, 1, 1.5, 2), (2.5, 3, 3.5, 4)
//   dst[0] = S[1].p.x + S[0].n           = 5.5 + 4  = 9.5
//   dst[1] = bytes.Load(8) (word 2)       = 12
//   dst[2] = uints[3] + S[1].n           = 23 + 8   = 31
//   dst[3] = bytes.Load2(4).y * 2 + S[0].p.z = 12 * 2 + 3 = 27
//   dst[4] = float4s[1].z + float4s[0].w = 3.5 + 2   = 5.5
// exec: -T cs_6_6 -E main dispatch 1 1 1
// requires binding-array
// buffer u0 rw float[5] = 0
// buffer t1[0] ro = f32 [1, 2, 3] u32 [4] f32 [5.5, 6, 7] u32 [8]
// buffer t1[1] ro uint[4] = iota 10
// buffer t1[2] ro uint[4] = iota 20
// buffer t1[3] ro float4[2] = [0.5, 1, 1.5, 2,  2.5, 3, 3.5, 4]
// expect u0 = [9.5, 12, 31, 27, 5.5]
// peer-bug glslang: glslang's HLSL front end has no ResourceDescriptorHeap (SM 6.6)
struct S {
    float3 p;
    uint n;
};
RWStructuredBuffer<float> dst : register(u0);

[numthreads(1, 1, 1)]
void main() {
    StructuredBuffer<S> structs = ResourceDescriptorHeap[0];
    ByteAddressBuffer bytes = ResourceDescriptorHeap[1];
    StructuredBuffer<uint> uints = ResourceDescriptorHeap[2];
    Buffer<float4> float4s = ResourceDescriptorHeap[3];
    dst[0] = structs[1].p.x + structs[0].n;
    dst[1] = bytes.Load(8);
    dst[2] = uints[3] + structs[1].n;
    dst[3] = bytes.Load2(4).y * 2 + structs[0].p.z;
    dst[4] = float4s[1].z + float4s[0].w;
}
