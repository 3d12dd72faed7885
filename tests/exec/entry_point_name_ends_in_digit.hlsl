// An entry point whose name ends in a digit keeps that name in the output, so a pipeline
// created with the HLSL name finds it (naga's WGSL namer would append `_` to it: `fn
// CSMain2_`). The kernel itself writes the thread index plus one.
// exec: -T cs_6_0 -E CSMain2 dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [1, 2, 3, 4]
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(4, 1, 1)]
void CSMain2(uint i : SV_GroupIndex) {
    dst[i] = i + 1;
}
