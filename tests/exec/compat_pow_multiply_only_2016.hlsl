// HLSL 2016 (FXC compatibility): pow with a small constant integer exponent is computed with
// multiplications only, as FXC did, so negative bases work and pow(0, 3) is exactly 0:
// pow(x, 3) = x * (x * x), pow(x, -2) = 1 / (x * x), pow(x, 2) = x * x. Expected values by
// hand (exact in f32). Companion: compat_pow_log_exp_2021 (DXC's default log-mul-exp).
// exec: -T cs_6_0 -E main -HV 2016 dispatch 1 1 1
// buffer t0 ro float[4] = [0.0, -2.0, 2.0, -0.5]
// buffer u1 rw float[12] = 0
// expect u1 = [0.0, -8.0, 8.0, -0.125,   inf, 0.25, 0.25, 4.0,   0.0, 4.0, 4.0, 0.25]
// peer-bug glslang: no HLSL 2016 mode; pow is log-mul-exp, so pow(-2, 3) is NaN
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 4; i++) {
        float x = src[i];
        dst[i] = pow(x, 3);
        dst[4 + i] = pow(x, -2);
        dst[8 + i] = pow(x, 2);
    }
}
