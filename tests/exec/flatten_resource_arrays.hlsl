// `-fspv-flatten-resource-arrays`: each element of a resource array is a buffer of its own at
// the next binding (DXC's SPIR-V.rst; D3D counts registers the same way), so `arr[0..2]`
// (t0) are bound at bindings 0, 1 and 2 and the output (u3) at 3. Each element holds its own
// values (arr[k][j] = 10k + j + 1), so a read from the wrong binding shows: o = arr[0][0],
// arr[1][0], arr[2][1], then arr[k][0] for k = 0..2 through an [unroll] loop (constant indices
// after unrolling, as DXC requires).
// exec: -T cs_6_0 -E main -fspv-flatten-resource-arrays dispatch 1 1 1
// buffer t0 ro uint[2] = [1, 2]
// buffer t1 ro uint[2] = [11, 12]
// buffer t2 ro uint[2] = [21, 22]
// buffer u3 rw uint[6] = 0
// expect u3 = [1, 11, 22, 1, 11, 21]
// xfail hlslc-wgsl: -fspv-flatten-resource-arrays is a SPIR-V flag; the WGSL keeps one binding array at binding 0, which this device cannot bind
// peer-bug glslang: no equivalent of DXC's -fspv-flatten-resource-arrays
StructuredBuffer<uint> arr[3] : register(t0);
RWStructuredBuffer<uint> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    o[0] = arr[0][0];
    o[1] = arr[1][0];
    o[2] = arr[2][1];
    [unroll]
    for (uint k = 0; k < 3; k++) {
        o[3 + k] = arr[k][0];
    }
}
