// A conversion to a wider integer of the other signedness extends as the *source* is signed
// (C's rule; DXC emits sext for a signed source, zext for an unsigned one): uint(int16_t(-1))
// is 0xFFFFFFFF, int(uint16_t(0xFFFF)) is 65535, uint64_t(-2) is 0xFFFFFFFF_FFFFFFFE,
// int64_t(0xFFFFFFFFu) is 4294967295. hlslc emitted naga's `As`, whose SPIR-V extends as the
// *target* is signed (UConvert into a uint, SConvert into an int), giving 0x0000FFFF, -1,
// 0x00000000_FFFFFFFE and -1 (found by Slang's pack-unpack test: uint(unpack_s8s16(...).x)).
// Values by hand; 64-bit results as (low word, high word).
// peer-bug glslang: does not compile `int16_t` (unknown type name)
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16 int64
// buffer t0 ro uint[2] = [0xFFFFFFFF, 0x8000]
// buffer u1 rw uint[14] = 0
// expect u1 = [0xFFFFFFFF, 0xFFFF8000, 65535, 32768, 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0x8000, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFF80, 0x80]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int16_t m1 = (int16_t)src[0];        // -1
    int16_t mmin = (int16_t)src[1];      // -32768
    uint16_t ffff = (uint16_t)src[0];    // 0xFFFF
    uint16_t h8000 = (uint16_t)src[1];   // 0x8000
    dst[0] = uint(m1);
    dst[1] = uint(mmin);
    dst[2] = (uint)int(ffff);
    dst[3] = (uint)int(h8000);
    int m2 = (int)src[0] - 1;            // -2
    uint64_t a = m2;
    dst[4] = (uint)a; dst[5] = (uint)(a >> 32);
    int64_t b = src[0];                  // 4294967295
    dst[6] = (uint)b; dst[7] = (uint)(b >> 32);
    int64_t c = h8000;                   // 32768
    dst[8] = (uint)c; dst[9] = (uint)(c >> 32);
    uint64_t d = m1;                     // all ones
    dst[10] = (uint)d; dst[11] = (uint)(d >> 32);
    int16_t4 u = unpack_s8s16(int8_t4_packed(src[1] | 0x80)); // bytes 0x80, 0x80, 0, 0
    dst[12] = uint(u.x);                 // -128 → 0xFFFFFF80
    dst[13] = uint(uint16_t(u.z) + 0x80); // 0 + 0x80
}
