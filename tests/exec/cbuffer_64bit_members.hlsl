// 64-bit cbuffer members: double and uint64_t are 8-byte aligned and do not straddle a
// register; a double2 fills a whole register. Offsets by the packing rules:
//   f 0 | d 8 | u64 16 | i 24 | d2: 28 would straddle → 32 (32..48) | tail 48 | d3: 52 →
//   56..80 straddles → 64 (64..88) | last 88.
// The host fills 32-bit words w[i] = 0x40000000 + i; a 64-bit member at offset o reads
// w[o/4] | w[o/4+1] << 32, written back as its two words (lo, hi).
// layout Wide: f=0 d=8 u64=16 i=24 d2=32 tail=48 d3=64 last=88
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64 int64
// peer-bug glslang: no `asuint(double, out uint, out uint)` overload
// cbuffer b0 uint[24] = iota 1073741824
// buffer u1 rw uint[21] = 0
// expect u1 = [0x40000000,  0x40000002, 0x40000003,  0x40000004, 0x40000005,  0x40000006,
//              0x40000008, 0x40000009, 0x4000000A, 0x4000000B,  0x4000000C,
//              0x40000010, 0x40000011, 0x40000012, 0x40000013, 0x40000014, 0x40000015,
//              0x40000016,  0x40000012, 0x40000013, 0]
cbuffer Wide : register(b0) {
    float f;
    double d;
    uint64_t u64;
    int i;
    double2 d2;
    float tail;
    double3 d3;
    float last;
};
RWStructuredBuffer<uint> o : register(u1);

void W64(inout uint k, uint64_t v) {
    o[k++] = (uint)v;
    o[k++] = (uint)(v >> 32);
}

[numthreads(1, 1, 1)]
void main() {
    uint k = 0;
    o[k++] = asuint(f);
    uint lo, hi;
    asuint(d, lo, hi); o[k++] = lo; o[k++] = hi;
    W64(k, u64);
    o[k++] = asuint(i);
    asuint(d2.x, lo, hi); o[k++] = lo; o[k++] = hi;
    asuint(d2.y, lo, hi); o[k++] = lo; o[k++] = hi;
    o[k++] = asuint(tail);
    asuint(d3.x, lo, hi); o[k++] = lo; o[k++] = hi;
    asuint(d3.y, lo, hi); o[k++] = lo; o[k++] = hi;
    asuint(d3.z, lo, hi); o[k++] = lo; o[k++] = hi;
    o[k++] = asuint(last);
    asuint(d3[1], lo, hi); o[k++] = lo; o[k++] = hi;
}
