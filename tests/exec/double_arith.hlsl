// double precision: 0.1 + 0.2 = 0.30000000000000004 (0x3FD3333333333334, not what float
// arithmetic gives); 0.1 * 10 rounds to exactly 1.0 in double; double → float conversion
// rounds to nearest (1 + 2^-30 → 1.0f, 0.1 → 0.1f). Division: Vulkan allows 2.5 ulp, so u2
// (1/3 from Python) allows 2 ulp. sqrt(2.0) in u4 only to rel 1e-7: lavapipe (Mesa 22.3.6)
// computes double sqrt at float precision (1.4142135381698608), far outside Vulkan's bound.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64
// buffer t0 ro f64[3] = [0.1, 0.2, 1.0000000009313226]
// buffer u1 rw f64[2] = 0
// buffer u2 rw f64[1] = 0
// buffer u3 rw float[2] = 0
// expect u1 = [0x3FD3333333333334, 0x3FC999999999999A]
// expect u2 ~ 2ulp = [0.3333333333333333]
// expect u3 = [1.0, 0.1]
// buffer u4 rw f64[1] = 0
// expect u4 ~ rel 1e-7 = [1.4142135623730951]
StructuredBuffer<double> src : register(t0);
RWStructuredBuffer<double> exact : register(u1);
RWStructuredBuffer<double> rounded : register(u2);
RWStructuredBuffer<float> narrowed : register(u3);
RWStructuredBuffer<double> root : register(u4);

[numthreads(1, 1, 1)]
void main() {
    double a = src[0], b = src[1];
    exact[0] = a + b;                          // 0.30000000000000004
    exact[1] = b * (a * 10.0);                 // 0.2 * 1.0 = 0.2 exactly (0.1 * 10 rounds to 1)
    rounded[0] = (a * 10.0) / 3.0;             // 1/3
    narrowed[0] = (float)src[2];               // 1 + 2^-30 → 1.0f
    narrowed[1] = (float)a;                    // 0.1 → 0.1f
    root[0] = sqrt(a * 20.0);                  // sqrt(2)
}
