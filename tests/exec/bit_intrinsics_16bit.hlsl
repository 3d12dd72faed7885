// countbits, firstbitlow, firstbithigh and reversebits on uint16_t and int16_t (scalars and
// vectors) count and place bits within the 16-bit value, as DXC's DXIL does: the signed
// firstbithigh finds the first bit (from the top) that differs from the sign, so
// int16_t(0x8000) gives 14 and int16_t(-1) gives 0xFFFFFFFF; countbits of a negative int16_t
// counts 16 bits, not the sign extension's 32. Vulkan allows the underlying SPIR-V bit
// instructions on 32-bit components only, so hlslc computes them on the widened value.
// Expected values from a Python model (bin(v).count('1'), bit_length, a reversed 16-bit
// binary string) for the inputs 0, 1, 0x8000, 0x00F0, 0x1234, 0xFFFF.
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16
// peer-bug glslang: does not know uint16_t / int16_t
// buffer t0 ro u16[6] = [0, 1, 0x8000, 0x00F0, 0x1234, 0xFFFF]
// buffer u1 rw uint[36] = 0
// buffer u2 rw u16[14] = 0
// expect u1 = [0, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0,
//              1, 0, 0, 0, 1,
//              1, 15, 15, 14, 1,
//              4, 4, 7, 7, 4,
//              5, 2, 12, 12, 5,
//              16, 0, 15, 0xFFFFFFFF, 16,
//              7, 12, 0xFFFFFFFF,   4, 5, 16]
// expect u2 = [0, 0x8000, 0x0001, 0x0F00, 0x2C48, 0xFFFF,
//              0, 0x8000, 0x0001, 0x0F00, 0x2C48, 0xFFFF,
//              0x8000, 0x2C48]
StructuredBuffer<uint16_t> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);
RWStructuredBuffer<uint16_t> rev : register(u2);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 6; ++i) {
        uint16_t u = src[i];
        int16_t s = (int16_t)u;
        dst[i * 5 + 0] = countbits(u);
        dst[i * 5 + 1] = firstbitlow(u);
        dst[i * 5 + 2] = firstbithigh(u);
        dst[i * 5 + 3] = firstbithigh(s);
        dst[i * 5 + 4] = countbits(s);
        rev[i] = reversebits(u);
        rev[6 + i] = (uint16_t)reversebits(s);
    }
    uint16_t3 v = uint16_t3(src[3], src[4], src[5]);
    uint3 high = firstbithigh((int16_t3)v);   // 7, 12, 0xFFFFFFFF
    uint3 count = countbits(v);               // 4, 5, 16
    dst[30] = high.x; dst[31] = high.y; dst[32] = high.z;
    dst[33] = count.x; dst[34] = count.y; dst[35] = count.z;
    uint16_t2 r = reversebits(uint16_t2(src[1], src[4]));
    rev[12] = r.x;
    rev[13] = r.y;
}
