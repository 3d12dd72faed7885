// f32tof16 packs a float into the low 16 bits of a uint (upper bits 0); f16tof32 reads the
// low 16 bits (upper bits ignored). Only exactly representable values are used, since the
// rounding of inexact conversions is not specified for Vulkan's PackHalf2x16.
// 1.0 ↔ 0x3C00, -2.5 ↔ 0xC100, 65504 ↔ 0x7BFF, 0.000061035156 (2^-14) ↔ 0x0400, inf ↔ 0x7C00.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[5] = [1.0, -2.5, 65504.0, 0.00006103515625, inf]
// buffer t1 ro uint[5] = [0x3C00, 0xFFFFC100, 0x7BFF, 0x0400, 0x7C00]
// buffer u2 rw uint[5] = 0
// buffer u3 rw float[5] = 0
// expect u2 = [0x3C00, 0xC100, 0x7BFF, 0x0400, 0x7C00]
// expect u3 = [1.0, -2.5, 65504.0, 0.00006103515625, inf]
StructuredBuffer<float> f : register(t0);
StructuredBuffer<uint> h : register(t1);
RWStructuredBuffer<uint> packed : register(u2);
RWStructuredBuffer<float> unpacked : register(u3);

[numthreads(5, 1, 1)]
void main(uint i : SV_GroupIndex) {
    packed[i] = f32tof16(f[i]);
    unpacked[i] = f16tof32(h[i]);
}
