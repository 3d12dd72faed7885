// SM 6.6 ResourceDescriptorHeap elements passed straight to a function (converted to the
// parameter's type, the run-time index evaluated once before the call) and cast then indexed
// in place. As in descriptor_heap_buffers.hlsl the heap is binding 1 after dst (u0), so heap
// element k is t1[k], holding iota 100k (4 elements). By hand, for thread t (i = t % 3):
//   dst[t] = at(heap[i], 3 - t) + 1000 * ((StructuredBuffer<uint>)heap[2])[1]
//          → heap[i][3 - t] + 1000 * 201
//          t=0: 3 + 201000; t=1: 102 + 201000; t=2: 201 + 201000; t=3: 0 + 201000
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// buffer t1[0] ro uint[4] = iota 0
// buffer t1[1] ro uint[4] = iota 100
// buffer t1[2] ro uint[4] = iota 200
// expect u0 = [201003, 201102, 201201, 201000]
// peer-bug glslang: glslang's HLSL front end has no ResourceDescriptorHeap (SM 6.6)
RWStructuredBuffer<uint> dst : register(u0);

uint at(StructuredBuffer<uint> b, uint k) {
    return b[k];
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint i = t % 3;
    dst[t] = at(ResourceDescriptorHeap[NonUniformResourceIndex(i)], 3 - t) + 1000 * ((StructuredBuffer<uint>)ResourceDescriptorHeap[2])[1];
}
