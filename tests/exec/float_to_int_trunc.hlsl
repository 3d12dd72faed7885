// float → int/uint conversion truncates toward zero. Only in-range values are asserted:
// out-of-range and NaN inputs are undefined in SPIR-V (OpConvertFToS/U) and DXIL (fptosi),
// while WGSL saturates. Observed on lavapipe via glslang: (uint)2^32 = 0,
// (int)2^32 = (int)-2^32 = (int)NaN = 0x80000000, (uint)NaN = 0, (uint)-1.5 = 0xFFFFFFFF.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[9] = [1.9, -1.9, 3.99, -0.5, 2147483520.0, -2147483648.0, 4294967040.0, 4294967296.0, nan]
// buffer u1 rw uint[10] = 0
// expect u1 = [1, 0xFFFFFFFF, 3, 0, 2147483520, 0x80000000, 4294967040, _, _, 16777216]
StructuredBuffer<float> f : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = (uint)(int)f[0];      // 1
    dst[1] = (uint)(int)f[1];      // -1
    dst[2] = (uint)f[2];           // 3
    dst[3] = (uint)(int)f[3];      // 0 (-0.5 truncates to 0)
    dst[4] = (uint)(int)f[4];      // largest float below 2^31: 2147483520
    dst[5] = (uint)(int)f[5];      // -2^31 is representable: INT_MIN
    dst[6] = (uint)f[6];           // largest float below 2^32: 4294967040
    dst[7] = (uint)f[7];           // 2^32: out of range, undefined
    dst[8] = (uint)(int)f[8];      // NaN: undefined
    dst[9] = (uint)(f[0] * 0.0f + 16777217.0f); // the literal rounds to 16777216.0f
}
