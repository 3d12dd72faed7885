// lerp(a, b, t) = a + t (b - a); step(edge, x) = x >= edge ? 1 : 0 (step(1, 1) = 1);
// smoothstep(0, 2, x) = t^2 (3 - 2t) with t = saturate(x / 2):
// x = 0.5 → 0.15625, 1 → 0.5, 1.5 → 0.84375, -1 → 0, 3 → 1. All exact in f32.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[5] = [0.5, 1.0, 1.5, -1.0, 3.0]
// buffer u1 rw float[13] = 0
// expect u1 ~ 2ulp = [4.0, 2.0, 10.0,   0.0, 1.0, 1.0,   0.15625, 0.5, 0.84375, 0.0, 1.0,  -6.0, 1.0]
StructuredBuffer<float> x : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = lerp(2.0f, 10.0f, x[0] * 0.5f);   // t = 0.25 → 4
    dst[1] = lerp(2.0f, 10.0f, x[0] - 0.5f);   // t = 0 → 2
    dst[2] = lerp(2.0f, 10.0f, x[1]);          // t = 1 → 10
    dst[3] = step(x[1], x[0]);                 // 0.5 >= 1 ? → 0
    dst[4] = step(x[1], x[1]);                 // 1 >= 1 → 1
    dst[5] = step(x[3], x[0]);                 // 0.5 >= -1 → 1
    for (uint i = 0; i < 5; ++i)
        dst[6 + i] = smoothstep(0.0f, 2.0f, x[i]);
    dst[11] = lerp(2.0f, 10.0f, x[3]);         // extrapolates: 2 - 8 = -6
    dst[12] = step(0.0f, -0.0f * x[1]);        // -0.0 >= 0 → 1
}
