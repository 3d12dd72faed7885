// HLSL 2021 (DXC's default): pow(x, y) is exp2(y * log2(x)) ("log-mul-exp"), so a negative
// base gives NaN (log2 of a negative number) even for the integer exponent 3, unlike FXC and
// -HV 2016 (companion: compat_pow_multiply_only_2016). DXC still turns pow(x, 2) into x * x
// in every version, so pow(-2, 2) is 4. pow(0, 3) = exp2(3 * -inf) = 0. Values by hand; the
// NaN is what log-mul-exp gives on lavapipe (SPIR-V and WGSL leave pow of a negative base
// undefined, and DXC documents NaN). NVIDIA's Vulkan driver (580.159, H200) computes the
// real power instead: -8 and -0.125 for both targets, as it would for DXC's SPIR-V `Pow`.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [0.0, -2.0, 2.0, -0.5]
// buffer u1 rw float[8] = 0
// expect u1 ~ rel 1e-6 = [0.0, nan, 8.0, nan,   0.0, 4.0, 4.0, 0.25]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 4; i++) {
        float x = src[i];
        dst[i] = pow(x, 3);
        dst[4 + i] = pow(x, 2);
    }
}
