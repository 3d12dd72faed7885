// 64-bit values in groupshared memory: uint64_t and double arrays and a struct {uint a;
// uint64_t b; double c;} array, each of 16 threads writing its own element, reading its
// neighbour's (j = (i + 1) % 16) after the barrier. Thread i writes
//   gu[i] = (i << 36) | (0xF0000000 + i), gd[i] = i + 2^-30, gs[i] = {i, ~(uint64_t)i, -i / 8.0}
// and stores, with j = (i + 1) % 16: the high and low words of gu[j] + gs[j].b (= (j << 36) +
// 0xF0000000 + j + 2^64 - 1 - j, wrapping: (j << 36) + 0xEFFFFFFF), gs[j].a, and
// asuint of (float)((gd[j] - j) · 2^30 + gs[j].c · 8) = (float)(1 - j) — each 4 words.
// requires int64 f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = [0xEFFFFFFF, 0x10, 1, 0x00000000,   0xEFFFFFFF, 0x20, 2, 0xBF800000,
//              0xEFFFFFFF, 0x30, 3, 0xC0000000,   0xEFFFFFFF, 0x40, 4, 0xC0400000,
//              0xEFFFFFFF, 0x50, 5, 0xC0800000,   0xEFFFFFFF, 0x60, 6, 0xC0A00000,
//              0xEFFFFFFF, 0x70, 7, 0xC0C00000,   0xEFFFFFFF, 0x80, 8, 0xC0E00000,
//              0xEFFFFFFF, 0x90, 9, 0xC1000000,   0xEFFFFFFF, 0xA0, 10, 0xC1100000,
//              0xEFFFFFFF, 0xB0, 11, 0xC1200000,  0xEFFFFFFF, 0xC0, 12, 0xC1300000,
//              0xEFFFFFFF, 0xD0, 13, 0xC1400000,  0xEFFFFFFF, 0xE0, 14, 0xC1500000,
//              0xEFFFFFFF, 0xF0, 15, 0xC1600000,  0xEFFFFFFF, 0x00, 0, 0x3F800000]
// peer-bug glslang: cannot construct `uint64_t` (`(uint64_t)i`: unsupported construction)
RWStructuredBuffer<uint> o : register(u0);

struct Wide {
    uint a;
    uint64_t b;
    double c;
};

groupshared uint64_t gu[16];
groupshared double gd[16];
groupshared Wide gs[16];

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    gu[i] = ((uint64_t)i << 36) | (0xF0000000u + i);
    gd[i] = (double)i + 1.0 / 1073741824.0;
    Wide w;
    w.a = i;
    w.b = ~(uint64_t)i;
    w.c = -(double)i / 8.0;
    gs[i] = w;
    GroupMemoryBarrierWithGroupSync();
    uint j = (i + 1) % 16;
    uint64_t s = gu[j] + gs[j].b;
    o[4 * i + 0] = (uint)s;
    o[4 * i + 1] = (uint)(s >> 32);
    o[4 * i + 2] = gs[j].a;
    o[4 * i + 3] = asuint((float)((gd[j] - j) * 1073741824.0 + gs[j].c * 8.0));
}
