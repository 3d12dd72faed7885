// The 16-bit forms of the SM 6.6 packed intrinsics and SM 6.4 dot2add (derived by hand):
//   pack_u8(uint16_t4(1, 200, 3, 0x1ff))          = 0xff03c801 (low 8 bits kept)
//   pack_s8(int16_t4(-1, 2, -128, 300))           = 0x2c8002ff
//   pack_clamp_u8(int16_t4(-5, 100, 300, 255))    = 0xffff6400
//   pack_clamp_s8(int16_t4(-200, 5, 300, -7))     = 0xf97f0580
//   unpack_u8u16(0xff03c801) = (1, 200, 3, 255); unpack_s8s16(0x2c8002ff) = (-1, 2, -128, 44)
//   dot2add(half2(1.5, 2), half2(3, -4), 0.5)     = 4.5 - 8 + 0.5 = -3 (exact in f16 and f32)
// exec: -T cs_6_6 -E main -enable-16bit-types dispatch 1 1 1
// requires i16 f16
// buffer t0 ro int[16] = [1, 200, 3, 0x1ff,  -1, 2, -128, 300,  -5, 100, 300, 255,  -200, 5, 300, -7]
// buffer u1 rw uint[13] = 0
// expect u1 = [0xff03c801, 0x2c8002ff, 0xffff6400, 0xf97f0580,
//              1, 200, 3, 255,
//              0xffffffff, 2, 0xffffff80, 44,
//              0xc0400000]
// peer-bug glslang: no SM 6.6 pack/unpack intrinsics or dot2add
StructuredBuffer<int> v : register(t0);
RWStructuredBuffer<uint> o : register(u1);

int16_t4 at(uint i) { return int16_t4(v[i], v[i + 1], v[i + 2], v[i + 3]); }

[numthreads(1, 1, 1)]
void main() {
    uint8_t4_packed pu = pack_u8((uint16_t4)at(0));
    int8_t4_packed ps = pack_s8(at(4));
    o[0] = pu;
    o[1] = ps;
    o[2] = pack_clamp_u8(at(8));
    o[3] = pack_clamp_s8(at(12));
    uint16_t4 u = unpack_u8u16(pu);
    o[4] = u.x; o[5] = u.y; o[6] = u.z; o[7] = u.w;
    int16_t4 s = unpack_s8s16(ps);
    o[8] = (uint)(int)s.x; o[9] = (uint)(int)s.y; o[10] = (uint)(int)s.z; o[11] = (uint)(int)s.w;
    half one = (half)v[0];
    o[12] = asuint(dot2add(half2(1.5, 2) * one, half2(3, -4), 0.5f));
}
