// HLSL masks shift amounts to the low 5 bits for 32-bit types (DXC emits `& 31`):
// x << 33 == x << 1, x >> 32 == x. `>>` is arithmetic on int, logical on uint.
// SPIR-V shifts by >= 32 are undefined, so a compiler must mask; glslang does not, and
// passes here only because lavapipe (NIR) masks shift counts itself.
// A literal shifted by a `uint` amount is `uint` (DXC's SemaHLSL CheckBinOpForHLSL and
// SemaHLSL/literals.hlsl `VERIFY_TYPES(uint, 1 << u)`), so `-8 >> s33` is the logical
// 0xFFFFFFF8 >> 1 = 0x7FFFFFFC (this kernel expected the arithmetic -4 until 2026-12-01).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[5] = [33, 32, 36, 0x80000010, 31]
// buffer u1 rw uint[9] = 0
// expect u1 = [0x0000000E, 0x00000007, 0x80000010, 0x08000001, 0xF8000001,
//               0xFFFFFFFF, 0x00000001, 0x80000000, 0x7FFFFFFC]
// peer-bug glslang: types `-8 >> s33` by its left operand (int, C's rule): the arithmetic -4
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint s33 = src[0], s32 = src[1], s36 = src[2], x = src[3], s31 = src[4];
    dst[0] = 7u << s33;                 // 7 << 1 = 14
    dst[1] = 7u >> s32;                 // 7 >> 0 = 7
    dst[2] = x << s32;                  // unchanged
    dst[3] = x >> s36;                  // 0x80000010 >> 4 = 0x08000001 (logical)
    dst[4] = (uint)((int)x >> s36);     // arithmetic: 0xF8000001
    dst[5] = (uint)((int)x >> s31);     // sign fills: 0xFFFFFFFF
    dst[6] = x >> s31;                  // 1
    dst[7] = 1u << s31;                 // 0x80000000
    dst[8] = (uint)(-8 >> s33);         // literal >> uint is uint: logical, 0x7FFFFFFC
}
