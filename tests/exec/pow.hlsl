// pow(x, y) for positive x (negative x is undefined in HLSL and SPIR-V): values from
// Python's ** on the f32 inputs, rounded to f32. Vulkan: pow is inherited from
// exp2(y * log2(x)), so the tolerance is relative (1e-5).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float2[4] = [2.0, 10.0,   9.0, 0.5,   1.5, 2.5,   10.0, -2.0]
// buffer u1 rw float[5] = 0
// expect u1 ~ rel 1e-5 = [1024.0, 3.0, 2.755676031112671, 0.009999999776482582, 1.0]
StructuredBuffer<float2> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    dst[i] = pow(src[i].x, src[i].y);
    if (i == 0) dst[4] = pow(src[0].x, src[0].y - 10.0f);  // x^0 = 1
}
