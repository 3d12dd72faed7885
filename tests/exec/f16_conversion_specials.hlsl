// f16tof32 and f32tof16 on exactly representable special values (no rounding involved):
// half denormals (0x0001 = 2^-24, 0x03FF = 1023 · 2^-24 = 6.097555160522461e-05), signed
// zero, infinities, NaN (any NaN: exponent all ones, mantissa non-zero) and 0x3555 =
// 0.333251953125; upper bits of the f16tof32 argument are ignored (0xABCD3C00 → 1.0); the
// vector forms convert per component.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[6] = [0x0001, 0x8000, 0x7E00, 0xFC00, 0x3555, 0xABCD03FF]
// buffer t1 ro float[6] = [5.9604644775390625e-08, -0.0, -inf, 0.333251953125, 6.097555160522461e-05, nan]
// buffer u2 rw float[8] = 0
// buffer u3 rw uint[9] = 0
// expect u2 = [5.9604644775390625e-08, -0.0, nan, -inf, 0.333251953125, 6.097555160522461e-05,
//              0.333251953125, -0.0]
// expect u3 = [0x0001, 0x8000, 0xFC00, 0x3555, 0x03FF, 1, 0x3555, 0x8000, 0x3C00]
StructuredBuffer<uint> h : register(t0);
StructuredBuffer<float> f : register(t1);
RWStructuredBuffer<float> unpacked : register(u2);
RWStructuredBuffer<uint> packed : register(u3);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 6; ++i)
        unpacked[i] = f16tof32(h[i]);
    float2 v = f16tof32(uint2(h[4], h[1]));
    unpacked[6] = v.x;
    unpacked[7] = v.y;
    for (uint k = 0; k < 5; ++k)
        packed[k] = f32tof16(f[k]);
    uint nan16 = f32tof16(f[5]);
    packed[5] = ((nan16 & 0x7C00) == 0x7C00 && (nan16 & 0x3FF) != 0 && nan16 < 0x10000) ? 1 : 0;
    uint2 p = f32tof16(float2(f[3], f[1]));
    packed[6] = p.x;
    packed[7] = p.y;
    packed[8] = f32tof16(f16tof32(0xABCD3C00u + h[0] - 1));
}
