// A shift by a constant vector whose components differ shifts each component by its own
// amount, masked to the low bits of the element width (33 → 1, 32 → 0): hlslc used the first
// component's amount for every component (found by Slang's builtin-operator-fastpath-uint
// test). Values by hand: 0xFFFFFFFF >> (1, 0, 4, 33) = (0x7FFFFFFF, 3 >> 0 = 3, 0x0FFFFFFF,
// 3 >> 1 = 1); << the same amounts = (0xFFFFFFFE, 3, 0xFFFFFFF0, 6); int -16 >> (1, 2, 3, 32)
// is arithmetic: (-8, -4, -2, -16).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[2] = [0xFFFFFFFF, 3]
// buffer u1 rw uint[8] = 0
// buffer u2 rw int[4] = 0
// expect u1 = [0x7FFFFFFF, 3, 0x0FFFFFFF, 1, 0xFFFFFFFE, 3, 0xFFFFFFF0, 6]
// expect u2 = [-8, -4, -2, -16]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);
RWStructuredBuffer<int> sdst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint4 v = uint4(src[0], src[1], src[0], src[1]);
    uint4 r = v >> uint4(1, 0, 4, 33);
    uint4 l = v << uint4(1, 0, 4, 33);
    dst[0] = r.x; dst[1] = r.y; dst[2] = r.z; dst[3] = r.w;
    dst[4] = l.x; dst[5] = l.y; dst[6] = l.z; dst[7] = l.w;
    int4 s = (int)src[1] - 19; // -16 in every component, at run time
    int4 sr = s >> int4(1, 2, 3, 32);
    sdst[0] = sr.x; sdst[1] = sr.y; sdst[2] = sr.z; sdst[3] = sr.w;
}
