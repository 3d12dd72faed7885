// isnan/isinf/isfinite/isnormal of `half` (-enable-16bit-types): SPIR-V tests the 16-bit
// pattern, WGSL (no 16-bit integers) widens to f32 first, where a normal half is at least
// 2^-14. Per element: isnan | isinf << 1 | isfinite << 2 | isnormal << 3, derived by hand:
// +inf 2, NaN 1, 1.0 12, the smallest subnormal 4 (finite, not normal; also 4 if flushed to
// zero), 0 4, -inf 2, the smallest normal 2^-14 12, the largest half 65504 12.
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16 i16
// peer-bug glslang: its HLSL front end has no `isnormal`
// buffer t0 ro f16[8] = [0x7C00, 0x7E00, 0x3C00, 0x0001, 0x0000, 0xFC00, 0x0400, 0x7BFF]
// buffer u1 rw uint[8] = 0
// expect u1 = [2, 1, 12, 4, 4, 2, 12, 12]
StructuredBuffer<half> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(8, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
    half v = src[i];
    dst[i] = (isnan(v) ? 1u : 0u) | (isinf(v) ? 2u : 0u) | (isfinite(v) ? 4u : 0u) | (isnormal(v) ? 8u : 0u);
}
