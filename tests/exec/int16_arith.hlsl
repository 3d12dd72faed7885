// 16-bit integers with -enable-16bit-types: uint16_t wraps modulo 2^16 (65535 + 1 = 0),
// int16_t arithmetic (-32768 - 1 wraps to 32767), and widening to 32 bits sign- or
// zero-extends. Elements of RWStructuredBuffer<uint16_t> are 2 bytes.
// peer-bug glslang: does not know uint16_t / int16_t ("'type' : Expected"), and min16uint arithmetic fails to compile with --hlsl-enable-16bit-types
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16
// buffer t0 ro u16[2] = [65535, 0x8000]
// buffer u1 rw u16[4] = 0
// buffer u2 rw uint[2] = 0
// expect u1 = [0, 0x7FFF, 0xFFFE, 0x0001]
// expect u2 = [0xFFFF8000, 0x00008000]
StructuredBuffer<uint16_t> src : register(t0);
RWStructuredBuffer<uint16_t> dst : register(u1);
RWStructuredBuffer<uint> wide : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint16_t m = src[0];
    int16_t lowest = (int16_t)src[1];        // -32768
    dst[0] = m + (uint16_t)1;                // wraps to 0
    dst[1] = (uint16_t)(int16_t)(lowest - (int16_t)1);  // 32767
    dst[2] = m * (uint16_t)2;                // 0x1FFFE mod 2^16
    dst[3] = (uint16_t)(m >> (uint16_t)15);  // 1
    wide[0] = (uint)(int)lowest;             // sign-extended
    wide[1] = (uint)src[1];                  // zero-extended
}
