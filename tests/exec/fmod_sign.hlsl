// fmod(x, y) = x - y * trunc(x / y): the result has the sign of x (HLSL docs; DXC lowers
// it with trunc for DXIL and to OpFRem for SPIR-V). fmod(-7, 3) = -1, fmod(7, -3) = 1,
// fmod(5.5, 2) = 1.5, fmod(-5.5, -2) = -1.5.
// peer-bug glslang: maps fmod to OpFMod (GLSL mod: sign of y), giving fmod(-7, 3) = 2 and fmod(7, -3) = -2
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[2] = [-7.0, 7.0, 5.5, -5.5,   3.0, -3.0, 2.0, -2.0]
// buffer u1 rw float4[1] = 0
// expect u1 = [-1.0, 1.0, 1.5, -1.5]
StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float4> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = fmod(src[0], src[1]);
}
