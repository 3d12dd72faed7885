// Float edge cases, each at run time (operands from a buffer) and folded (constants):
// - `%` on floats is C's fmod (DXIL frem, SPIR-V OpFRem): the result has the dividend's
//   sign, also for a zero result (-4 % 2 = -0.0, 4 % -2 = +0.0, -0.0 % 1 = -0.0); an int
//   with a literal float is float (7 % 2.5 = 2.0, -7 % 2.5 = -2.0). The folded zeros keep
//   their sign (clang's APFloat::mod, which DXC's SPIR-V folding uses too); at run time (u5)
//   only the value is asserted (`0ulp`): lavapipe computes OpFRem as x - y * trunc(x / y),
//   whose zero is +0.0 for -4 % 2, and Vulkan allows it without SignedZeroInfNanPreserve.
// - asuint(-0.0) is 0x80000000 however the -0.0 is written (literal, variable, negation,
//   0.0 * -1.0); 0.0 - 0.0 is +0.0.
// - NaN compares false except `!=`; min/max return the non-NaN operand and clamp(NaN, 0, 1)
//   is 0 (D3D's IEEE minNum/maxNum, DXIL FMin/FMax; clamp is max then min, DXC's DXIL).
//   SPIR-V's FMin/FMax/FClamp leave a NaN operand undefined; DXC's SPIR-V writes min/max as
//   NMin/NMax, which return the other operand, and so does hlslc's (passes/nan_min_max.rs:
//   naga writes FMin/FMax); clamp stays FClamp in both, and lavapipe gives D3D's value.
// - f32tof16 rounds to nearest even: 1 + 2^-11 (a tie) → 0x3C00, 1 + 3·2^-11 → 0x3C02,
//   1 + 2^-11 + 2^-20 → 0x3C01, 2^-24 → 0x0001 (the smallest half denormal), 1.5·2^-24 (a
//   tie) → 0x0002, -0.0 → 0x8000; f16tof32 keeps half denormals: 0x0001 → 2^-24,
//   0x03FF → 1023·2^-24 = 6.097555160522461e-05, 0x8001 → -2^-24, 0x7E00 → NaN, 0xFC00 →
//   -inf (D3D's f16tof32 is exact; Vulkan's UnpackHalf2x16/PackHalf2x16 round as OpFConvert,
//   to nearest even on lavapipe).
// - (uint)-0.75 truncates to 0, which is in range (defined; (uint)-1.5 would not be).
// - frac(-1.25) folded is 0.75.
// Values by hand (Python struct for the bit patterns).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[24] = [7.5, -7.5, 7.5, -7.5,  2, 2, -2, -2,  -4, 4, -0.0, 1,  2, -2, 1, 0.75,
//                           0.0, nan, 0x3F801000, 0x3F803000, 0x3F801008, 0x33800000, 0x33C00000, -0.75]
// buffer t1 ro uint[6] = [0x0001, 0x03FF, 0x8001, 0x7E00, 0xFC00, 7]
// buffer u2 rw float[12] = 0
// buffer u3 rw uint[38] = 0
// buffer u4 rw float[8] = 0
// buffer u5 rw float[4] = 0
// expect u2 = [1.5, -1.5, 1.5, -1.5,  -1.5, 1.5, -0.0, 0.0,  2.0, 2.0, -2.0, -2.0]
// expect u5 ~ 0ulp = [-0.0, 0.0, -0.0, 0.25]
// expect u3 = [0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0,
//              1, 0, 0, 0, 1,  1, 0, 0, 1,
//              0x3F800000, 0x3F800000, 0x3F800000, 0xBF800000, 0,  0x3F800000, 0x3F800000, 0xBF800000, 0,
//              0x3C00, 0x3C02, 0x3C01, 0x0001, 0x0002, 0x8000,  0x3C00, 0x3C02, 0x8000,
//              0, 0, 0, 0x3F400000]
// expect u4 = [0x33800000, 6.097555160522461e-05, -5.9604644775390625e-08, nan, -inf,
//              0x33800000, -5.9604644775390625e-08, nan]
// peer-bug glslang: `%` on floats is OpFMod at run time (sign of the divisor: -7.5 % 2 = 0.5)
//   and a constant float `%` folds to its dividend (-7.5 % 2 = -7.5, 7 % 2.5 = 7)
StructuredBuffer<float> F : register(t0);
StructuredBuffer<uint> H : register(t1);
RWStructuredBuffer<float> R : register(u2);
RWStructuredBuffer<uint> B : register(u3);
RWStructuredBuffer<float> U : register(u4);
RWStructuredBuffer<float> Z0 : register(u5);

[numthreads(1, 1, 1)]
void main() {
    float4 X = float4(F[0], F[1], F[2], F[3]);
    float4 Y = float4(F[4], F[5], F[6], F[7]);
    float4 Z = float4(F[8], F[9], F[10], F[11]);
    float4 W = float4(F[12], F[13], F[14], F[15]);
    float4 r0 = X % Y;
    float4 r1 = Z % W;
    R[0] = r0.x; R[1] = r0.y; R[2] = r0.z; R[3] = r0.w;
    Z0[0] = r1.x; Z0[1] = r1.y; Z0[2] = r1.z; Z0[3] = r1.w;
    R[4] = -7.5 % 2;
    R[5] = 7.5 % -2.0;
    R[6] = -4.0 % 2.0;
    R[7] = 4.0 % -2.0;
    int x = (int)H[5];
    R[8] = x % 2.5;
    R[9] = 7 % 2.5;
    R[10] = -7 % 2.5;
    R[11] = (-x) % 2.5;

    float z = F[16];
    float nz = -0.0;
    B[0] = asuint(-0.0);
    B[1] = asuint(-0.0f);
    B[2] = asuint(nz);
    B[3] = asuint(-z);
    B[4] = asuint(z * -1.0);
    B[5] = asuint(0.0 * -1.0);
    B[6] = asuint(0.0 - 0.0);

    float n = F[17];
    B[7] = (n != n) ? 1 : 0;
    B[8] = (n == n) ? 1 : 0;
    B[9] = (n < 1) ? 1 : 0;
    B[10] = (n >= 1) ? 1 : 0;
    B[11] = !(n < 1) ? 1 : 0;
    const float cn = asfloat(0x7FC00000u);
    B[12] = (cn != cn) ? 1 : 0;
    B[13] = (cn == cn) ? 1 : 0;
    B[14] = (cn < 1) ? 1 : 0;
    B[15] = !(cn < 1) ? 1 : 0;
    B[16] = asuint(min(n, 1.0));
    B[17] = asuint(max(n, 1.0));
    B[18] = asuint(min(1.0, n));
    B[19] = asuint(max(-1.0, n));
    B[20] = asuint(clamp(n, 0.0, 1.0));
    B[21] = asuint(min(cn, 1.0));
    B[22] = asuint(max(cn, 1.0));
    B[23] = asuint(max(-1.0, cn));
    B[24] = asuint(clamp(cn, 0.0, 1.0));

    B[25] = f32tof16(F[18]);
    B[26] = f32tof16(F[19]);
    B[27] = f32tof16(F[20]);
    B[28] = f32tof16(F[21]);
    B[29] = f32tof16(F[22]);
    B[30] = f32tof16(-z);
    B[31] = f32tof16(1.00048828125);
    B[32] = f32tof16(1.00146484375);
    B[33] = f32tof16(-0.0);

    B[34] = (uint)F[23];
    B[35] = (uint)-0.75;
    uint v = F[23];
    B[36] = v;
    B[37] = asuint(frac(-1.25));

    U[0] = f16tof32(H[0]);
    U[1] = f16tof32(H[1]);
    U[2] = f16tof32(H[2]);
    U[3] = f16tof32(H[3]);
    U[4] = f16tof32(H[4]);
    U[5] = f16tof32(0x0001);
    U[6] = f16tof32(0x8001);
    U[7] = f16tof32(0x7E00);
}
