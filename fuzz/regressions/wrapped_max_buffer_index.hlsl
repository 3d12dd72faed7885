// A constant structured-buffer index that wraps to 0xFFFFFFFF: naga's WGSL front end rejects
// `a[4294967295u]` on a runtime-sized array, so the index is computed at run time.
// exec: -T cs_6_0 -E main dispatch 1 1 1
StructuredBuffer<uint> in1 : register(t1);
RWStructuredBuffer<uint> dst : register(u2);

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    dst[i] = in1[2147483647 * 4 + 3] + in1[i];
}
