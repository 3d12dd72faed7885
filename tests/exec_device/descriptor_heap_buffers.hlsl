// SM 6.6 ResourceDescriptorHeap with structured buffers: the heap is an unsized binding array
// at the first free binding after the declared resources (dst at u0 → binding 0, heap →
// binding 1, as DXC numbers them), so the fixture's heap elements are t1[k]. The index is
// evaluated where the variable is declared: `src` keeps element t % 3 after `i` changes; passed
// to a function, `src` takes its index along (a hidden parameter). heap[k] holds iota 100k
// (4 elements):
//   dst[t] = heap[t % 3][3 - t] + 1000 heap[2][1] + 1000000 first(heap[t % 3])
//          → 3 + 201000, 102 + 201000 + 100000000, 201 + 201000 + 200000000, 0 + 201000
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// buffer t1[0] ro uint[4] = iota 0
// buffer t1[1] ro uint[4] = iota 100
// buffer t1[2] ro uint[4] = iota 200
// expect u0 = [201003, 100201102, 200201201, 201000]
// peer-bug glslang: glslang's HLSL front end has no ResourceDescriptorHeap (SM 6.6)
RWStructuredBuffer<uint> dst : register(u0);

uint first(StructuredBuffer<uint> b) {
    return b[0];
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint i = t % 3;
    StructuredBuffer<uint> src = ResourceDescriptorHeap[NonUniformResourceIndex(i)];
    i = 2;
    StructuredBuffer<uint> last = ResourceDescriptorHeap[i];
    dst[t] = src[3 - t] + 1000 * last[1] + 1000000 * first(src);
}
