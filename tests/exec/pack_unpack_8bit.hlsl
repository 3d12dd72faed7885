// SM 6.6 packed 8-bit intrinsics and SM 6.4 packed dot products, values derived by hand:
// pack_u8 / pack_s8 keep the low 8 bits of each component (x in byte 0); pack_clamp_u8 /
// pack_clamp_s8 saturate to [0, 255] / [-128, 127] first; unpack_* zero- or sign-extend.
//   pack_u8(1, 200, 3, 0x1ff)           = 0xff03c801
//   pack_s8(-1, 2, -128, 300)           = 0x2c8002ff
//   pack_clamp_u8(-5, 100, 300, 255)    = 0xffff6400
//   pack_clamp_s8(-200, 5, 300, -7)     = 0xf97f0580
//   dot4add_u8packed(0x01020304, 0x05060708, 10) = 4*8 + 3*7 + 2*6 + 1*5 + 10 = 80
//   dot4add_i8packed(0xff02fe03, 0x7f80017f, -5): bytes (3, -2, 2, -1) · (127, 1, -128, 127)
//     = 381 - 2 - 256 - 127 - 5 = -9
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer t0 ro int[16] = [1, 200, 3, 0x1ff,  -1, 2, -128, 300,  -5, 100, 300, 255,  -200, 5, 300, -7]
// buffer u1 rw uint[14] = 0
// expect u1 = [0xff03c801, 0x2c8002ff, 0xffff6400, 0xf97f0580,
//              1, 200, 3, 255,
//              0xffffffff, 2, 0xffffff80, 44,
//              80, 0xfffffff7]
// peer-bug glslang: no SM 6.6 pack/unpack or dot4add intrinsics
StructuredBuffer<int> v : register(t0);
RWStructuredBuffer<uint> o : register(u1);

int4 at(uint i) { return int4(v[i], v[i + 1], v[i + 2], v[i + 3]); }

[numthreads(1, 1, 1)]
void main() {
    uint8_t4_packed pu = pack_u8((uint4)at(0));
    int8_t4_packed ps = pack_s8(at(4));
    o[0] = pu;
    o[1] = ps;
    o[2] = pack_clamp_u8(at(8));
    o[3] = pack_clamp_s8(at(12));
    uint4 u = unpack_u8u32(pu);
    o[4] = u.x; o[5] = u.y; o[6] = u.z; o[7] = u.w;
    int4 s = unpack_s8s32(ps);
    o[8] = (uint)s.x; o[9] = (uint)s.y; o[10] = (uint)s.z; o[11] = (uint)s.w;
    o[12] = dot4add_u8packed(0x01020304u + (uint)v[0] - 1u, 0x05060708u, 10u);
    o[13] = (uint)dot4add_i8packed(0xff02fe03u, 0x7f80017fu + (uint)v[0] - 1u, -5);
}
