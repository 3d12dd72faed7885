// floor, ceil, trunc, and round — HLSL's round rounds halfway cases to the nearest even
// (HLSL docs; FXC/DXIL round_ne; DXC's SPIR-V backend maps it to GLSL.std.450 RoundEven
// since DXC issue #4368): 0.5 → 0, 1.5 → 2, 2.5 → 2, -2.5 → -2, -0.5 → -0.
// exec: -T cs_6_0 -E main dispatch 8 1 1
// buffer t0 ro float[8] = [0.5, 1.5, 2.5, -2.5, -0.5, 1.25, -1.75, 3.0]
// buffer u1 rw float4[8] = 0
// expect u1 = [ 0, 1,  0,  0,     1, 2, 1, 2,     2, 3, 2, 2,    -3, -2, -2, -2,
//              -1, -0, -0, -0,    1, 2, 1, 1,    -2, -1, -1, -2,  3,  3,  3,  3]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float4> dst : register(u1);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float x = src[id.x];
    dst[id.x] = float4(floor(x), ceil(x), trunc(x), round(x));
}
