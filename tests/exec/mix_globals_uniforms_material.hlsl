// Loose global uniforms as legacy engine shaders declare them (no cbuffer block: they form
// `$Globals`, packed with cbuffer rules at b0 under DXC's binding numbering): a column-major
// float4x4, a float3 with a float packed into its register, a uint, a float4 array (each
// element a register), an array of two row_major float3x4 (three registers each), a float2
// and a bool after the arrays; read through helper functions with dynamic indices
// ((t + gCount) % 4, t & 1) and a `bool` uniform as a condition.
// layout $Globals: gViewProj=0 gLightDir=64 gTime=76 gCount=80 gPalette=96 gBones=160 gJitter=256 gEnable=264
// Per thread t: mul(gViewProj, (t, 1, 0, 1)), gPalette[(t + 3) % 4] * gLightDir.y * gTime,
// mul(gBones[t & 1], (1, 2, 3, 1)), gEnable ? gJitter * t : 0. Exact.
// Expected values: tests/exec/mix/models.py (globals_uniforms_material).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0.5, 2, 0, -1, 1, 0.5, 0.25, -1, 3.5] u32 [3, 0,
//     0, 0] f32 [1, 0, 0, 1, 0, 1, 0, 0.5, 0, 0, 1, 0.25, 1, 1, 1, 1, 1, 0, 0, 1, 0, 1, 0, 2, 0, 0,
//     1, 3, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 2, -1, 0.25, -0.5] u32 [1, 0]
// buffer u1 rw float[52] = 0
// expect u1 = [2, 2, -1, 1, 0.875, 0.875, 0.875, 0.875, 2, 4, 6, 0, -0.0, 3, 2, -1, 1, 0.875,
//     0, 0, 0.875, 2, -1, 5, 0.25, -0.5, 4, 2, -1, 1, 0, 0.875, 0, 0.4375, 2, 4, 6, 0.5, -1, 5,
//     2, -1, 1, 0, 0, 0.875, 0.21875, 2, -1, 5, 0.75, -1.5]
// peer-bug glslang: does not flatten vectors into a brace initializer of a float array (initializer_flatten)
float4x4 gViewProj;
float3 gLightDir;
float gTime;
uint gCount;
float4 gPalette[4];
row_major float3x4 gBones[2];
float2 gJitter;
bool gEnable;

RWStructuredBuffer<float> Out : register(u1);

float4 shade(uint t) {
    float3 n = float3(0, 1, 0);
    return gPalette[(t + gCount) % 4] * dot(gLightDir, n) * gTime;
}

float3 skin(uint t, float3 p) {
    return mul(gBones[t & 1], float4(p, 1));
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float4 clip = mul(gViewProj, float4(t, 1, 0, 1));
    float4 colour = shade(t);
    float3 b = skin(t, float3(1, 2, 3));
    float2 j = gEnable ? gJitter * t : 0;
    float row[13] = { clip, colour, b, j };
    for (uint k = 0; k < 13; ++k)
        Out[13 * t + k] = row[k];
}
