// SM 6.6 ResourceDescriptorHeap taken as a structured buffer of structs, a byte-address buffer
// and a StructuredBuffer<uint>: WGSL reads all three as `array<u32>` (words laid out as D3D
// lays them out), so for WGSL hlslc declares the heap once and reads each through its own
// layout; SPIR-V aliases one array per type at the heap's binding, as DXC. dst at u0 →
// binding 0, the heap → binding 1 (elements t1[k]). S is { float3 p; uint n; } (16 bytes).
//   heap[0] (S[2]):  {(1, 2, 3), 4}, {(5.5, 6, 7), 8}
//   heap[1] (bytes): words 10, 11, 12, 13
//   heap[2] (uint):  20, 21, 22, 23
//   dst[0] = S[1].p.x + S[0].n           = 5.5 + 4  = 9.5
//   dst[1] = bytes.Load(8) (word 2)       = 12
//   dst[2] = uints[3] + S[1].n           = 23 + 8   = 31
//   dst[3] = bytes.Load2(4).y * 2 + S[0].p.z = 12 * 2 + 3 = 27
// exec: -T cs_6_6 -E main dispatch 1 1 1
// requires binding-array
// buffer u0 rw float[4] = 0
// buffer t1[0] ro = f32 [1, 2, 3] u32 [4] f32 [5.5, 6, 7] u32 [8]
// buffer t1[1] ro uint[4] = iota 10
// buffer t1[2] ro uint[4] = iota 20
// expect u0 = [9.5, 12, 31, 27]
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
    dst[0] = structs[1].p.x + structs[0].n;
    dst[1] = bytes.Load(8);
    dst[2] = uints[3] + structs[1].n;
    dst[3] = bytes.Load2(4).y * 2 + structs[0].p.z;
}
