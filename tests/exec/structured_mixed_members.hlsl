// StructuredBuffer element with float3, half, half2, uint16_t, bool, double and uint64_t
// members in D3D's tight layout (-enable-16bit-types: each scalar aligned to its size, the
// struct to its largest member): pos 0 (float3, 12 bytes) | h 12 | hh 14 | f 20 | u 24 |
// b 28 | d 32 | u64 40; stride 48. The host writes 16-bit values 0x3C00 + i (i = byte offset
// / 2) for two elements; element 1 starts at byte 48 (value 0x3C18). The shader reads each
// member of element 1 and writes its bits (a 32-bit word holds two halves little-endian),
// copies element 1 into an RW buffer member by member (padding bytes stay 0, the bool is
// stored as 1), and writes three members of element 0 (16-bit stores keep the other half of
// their word). GetDimensions: 96 bytes / 48 = 2 elements, stride 48.
// layout src: pos=0 h=12 hh=14 f=20 u=24 b=28 d=32 u64=40
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16 i16 f64 int64
// buffer t0 ro u16[48] = iota 15360
// buffer u1 rw u16[48] = 0
// buffer u2 rw uint[15] = 0
// expect u1 = [0, 0, 0, 0, 0, 0, 0, 0x3C1F, 0x3C20, 0, 0, 0, 7, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//              0x3C18, 0x3C19, 0x3C1A, 0x3C1B, 0x3C1C, 0x3C1D, 0x3C1E, 0x3C1F, 0x3C20, 0,
//              0x3C22, 0x3C23, 0x3C24, 0, 1, 0, 0x3C28, 0x3C29, 0x3C2A, 0x3C2B, 0x3C2C, 0x3C2D,
//              0x3C2E, 0x3C2F]
// expect u2 = [0x3C193C18, 0x3C1B3C1A, 0x3C1D3C1C, 0x3C1E, 0x3C1F, 0x3C20, 0x3C233C22, 0x3C24,
//              1, 0x3C293C28, 0x3C2B3C2A, 0x3C2D3C2C, 0x3C2F3C2E, 2, 48]
// peer-bug glslang: does not know `uint16_t` ("member type : Expected")
struct P {
    float3 pos;
    half h;
    half2 hh;
    float f;
    uint16_t u;
    bool b;
    double d;
    uint64_t u64;
};
StructuredBuffer<P> src : register(t0);
RWStructuredBuffer<P> dst : register(u1);
RWStructuredBuffer<uint> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    P p = src[1];
    uint k = 0;
    o[k++] = asuint(p.pos.x); o[k++] = asuint(p.pos.y); o[k++] = asuint(p.pos.z);
    o[k++] = asuint16(p.h); o[k++] = asuint16(p.hh.x); o[k++] = asuint16(src[1].hh.y);
    o[k++] = asuint(p.f);
    o[k++] = p.u;
    o[k++] = p.b ? 1u : 0u;
    uint lo, hi;
    asuint(p.d, lo, hi); o[k++] = lo; o[k++] = hi;
    o[k++] = (uint)p.u64; o[k++] = (uint)(p.u64 >> 32);
    uint n, stride;
    src.GetDimensions(n, stride);
    o[k++] = n; o[k++] = stride;
    dst[1] = p;
    dst[0].hh = p.hh;
    dst[0].u = 7;
    dst[0].b = true;
}
