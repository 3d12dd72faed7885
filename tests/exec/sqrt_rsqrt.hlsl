// sqrt and rsqrt. Expected values: Python's math.sqrt on the f32 inputs, rounded to f32.
// Tolerance 3 ulp (Vulkan: inversesqrt 2 ulp, sqrt inherited from 1/inversesqrt).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[6] = [2.0, 0.25, 10.0, 4.0, 2.0, 0.01]
// buffer u1 rw float[8] = 0
// expect u1 ~ 3ulp = [1.4142135381698608, 0.5, 3.1622776985168457,
//                     0.5, 0.7071067690849304, 10.0,   0.0, inf]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = sqrt(src[0]);
    dst[1] = sqrt(src[1]);
    dst[2] = sqrt(src[2]);
    dst[3] = rsqrt(src[3]);
    dst[4] = rsqrt(src[4]);
    dst[5] = rsqrt(src[5]);
    dst[6] = sqrt(src[0] - src[0]);   // sqrt(0) = 0
    dst[7] = rsqrt(src[0] - src[0]);  // rsqrt(+0) = +inf
}
