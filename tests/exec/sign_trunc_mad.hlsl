// sign returns an int (-1, 0, 1; sign(-0.0) = 0), also for int input; trunc rounds toward
// zero; mad(a, b, c) = a * b + c, which may or may not be fused (ldexp: ldexp.hlsl):
// mad(0.1, 10, -1) is 0 unfused and 1.4901161e-08 fused, so that lane allows abs 2e-8.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [-2.5, 0.0, -0.0, 3.0]
// buffer u1 rw int[5] = 0
// buffer u2 rw float[3] = 0
// buffer u3 rw float[1] = 0
// expect u1 = [-1, 0, 0, 1, -1]
// expect u2 = [-2.0, 10.0, -0.0]
// expect u3 ~ abs 2e-8 = [0.0]
StructuredBuffer<float> x : register(t0);
RWStructuredBuffer<int> signs : register(u1);
RWStructuredBuffer<float> dst : register(u2);
RWStructuredBuffer<float> fused : register(u3);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 4; ++i)
        signs[i] = sign(x[i]);
    signs[4] = sign((int)x[0] * 3);      // sign(-6)
    dst[0] = trunc(x[0]);                // -2
    dst[1] = mad(2.0f + x[1], x[3], 4.0f);   // 10
    dst[2] = trunc(-0.25f + x[1]);       // -0.0
    fused[0] = mad(0.1f + x[1], 10.0f, -1.0f);
}
