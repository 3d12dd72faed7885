// ByteAddressBuffer Load<T>/Store<T> of 16-bit and 64-bit types at addresses that are not
// multiples of their size's word: a 16-bit value at byte 2 of a word, a uint16_t2 crossing a
// word boundary (bytes 6-9), a uint16_t3 at byte 10, half2 at byte 18, a uint64_t at byte 4
// (two words, low first), structs of 16-bit members (natural alignment: {uint16_t a; uint b;}
// puts b at byte 4, as DXC's DX layout and its SPIR-V struct rule both do), and a dynamic
// address. DXC's SPIR-V reads a 16-bit value from the word at address / 4, shifted right by
// (address % 4) * 8 (RawBufferMethods.cpp load16BitScalar); D3D reads the bytes at the address.
// Stores of 16-bit values keep the other half of the word (dst starts as 0xAAAAAAAA words).
// Source bytes 0..23 are 00 11 22 … FF, then halves 0.5, 1.0, 4.0, -2.0 (words below).
// By hand: o0 bytes 2-3 = 0x3322 | o1, o2 bytes 6-7, 8-9 = 0x7766, 0x9988 | o3-o5 bytes 10-15 =
// 0xBBAA, 0xDDCC, 0xFFEE | o6 1.0 + 4.0 = 5.0 = 0x40A00000 | o7, o8 bytes 4-11 as one uint64:
// low 0x77665544, high 0xBBAA9988 | o9 struct {x, y} at 2: 0x3322 | 0x5544 << 16 | o10, o11
// struct {uint16_t a; uint b;} at 0: 0x1100, 0x77665544 | o12 dynamic Load<uint16_t>(14) =
// 0xFFEE. Stores: uint16_t 0x1234 at 2 → word0 0x1234AAAA; 0x5678 at 4 → word1 0xAAAA5678;
// uint16_t2 (0x1111, 0x2222) at 10 → word2 0x1111AAAA, word3 0xAAAA2222; uint64_t
// 0x0102030405060708 at 20 → words 5, 6 = 0x05060708, 0x01020304; half -2.0 at 30 → word7
// 0xC000AAAA; word4 untouched.
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16 f16 int64
// buffer t0 ro uint[6] = [0x33221100, 0x77665544, 0xBBAA9988, 0xFFEEDDCC, 0x3C003800, 0xC0004400]
// buffer u1 rw uint[8] = 0xAAAAAAAA
// buffer u2 rw uint[13] = 0
// expect u1 = [0x1234AAAA, 0xAAAA5678, 0x1111AAAA, 0xAAAA2222, 0xAAAAAAAA, 0x05060708, 0x01020304, 0xC000AAAA]
// expect u2 = [0x3322, 0x7766, 0x9988, 0xBBAA, 0xDDCC, 0xFFEE, 0x40A00000, 0x77665544, 0xBBAA9988,
//              0x55443322, 0x1100, 0x77665544, 0xFFEE]
// peer-bug glslang: does not compile: no `uint16_t` type names
ByteAddressBuffer src : register(t0);
RWByteAddressBuffer dst : register(u1);
RWStructuredBuffer<uint> o : register(u2);

struct Pair16 {
    uint16_t x;
    uint16_t y;
};
struct Mixed {
    uint16_t a;
    uint b;
};

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint16_t a = src.Load<uint16_t>(2);
    uint16_t2 b = src.Load<uint16_t2>(6);
    uint16_t3 c = src.Load<uint16_t3>(10);
    half2 h = src.Load<half2>(18);
    uint64_t q = src.Load<uint64_t>(4);
    Pair16 s = src.Load<Pair16>(2);
    Mixed t = src.Load<Mixed>(0);
    o[0] = a;
    o[1] = b.x;
    o[2] = b.y;
    o[3] = c.x;
    o[4] = c.y;
    o[5] = c.z;
    o[6] = asuint((float)(h.x + h.y));
    o[7] = (uint)q;
    o[8] = (uint)(q >> 32);
    o[9] = s.x | ((uint)s.y << 16);
    o[10] = t.a;
    o[11] = t.b;
    o[12] = src.Load<uint16_t>(id.x * 2 + 14);

    dst.Store<uint16_t>(2, (uint16_t)0x1234);
    dst.Store<uint16_t>(4, (uint16_t)0x5678);
    dst.Store<uint16_t2>(10, uint16_t2(0x1111, 0x2222));
    dst.Store<uint64_t>(20, 0x0102030405060708ull);
    dst.Store<half>(30, (half)-2.0);
}
