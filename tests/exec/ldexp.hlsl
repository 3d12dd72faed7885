// ldexp(x, e) = x * 2^e, with a float exponent in HLSL (DXC: x * exp2(e)):
// ldexp(1.5, 3) = 12, ldexp(3, -2) = 0.75, ldexp(-1, 10) = -1024.
// peer-bug glslang: passes the float exponent straight to GLSL.std.450 Ldexp, which needs an int (spirv-val rejects the module)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float2[3] = [1.5, 3.0,   3.0, -2.0,   -1.0, 10.0]
// buffer u1 rw float[3] = 0
// expect u1 = [12.0, 0.75, -1024.0]
StructuredBuffer<float2> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(3, 1, 1)]
void main(uint i : SV_GroupIndex) {
    dst[i] = ldexp(src[i].x, src[i].y);
}
