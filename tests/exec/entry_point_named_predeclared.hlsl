// An entry point named with a predeclared WGSL name (`texture_2d`, a type generator): naga's
// namer would declare `fn texture_2d_`, so a pipeline created with the HLSL name found no
// entry point; hlslc's WGSL gives the name back (a module-scope declaration may shadow a
// predeclared name). The runner creates the pipeline with `texture_2d`. By hand: thread i
// writes i * 3 + 1.
// exec: -T cs_6_0 -E texture_2d dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [1, 4, 7, 10]
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(4, 1, 1)]
void texture_2d(uint i : SV_GroupIndex) {
    dst[i] = i * 3 + 1;
}
