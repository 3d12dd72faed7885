// asuint(double matrix, out uint matrix lo, out uint matrix hi): each element's low and high
// words, row by row, as DXC. The doubles are built from known words with asdouble(lo, hi)
// (normal numbers, so no denormal flushing can change them), so the split must give the
// words back: m = { (0x11111111, 0x3FF00000), (0x22222222, 0x40000000),
// (0x33333333, 0xBFE00000), (0x44444444, 0x3FF80000) } as double2x2, and a double2x1
// { (5, 0x40100000), (7, 0x40200000) }.
// requires f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[12] = 0
// expect u0 = [0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x3FF00000, 0x40000000, 0xBFE00000, 0x3FF80000, 5, 7, 0x40100000, 0x40200000]
// peer-bug glslang: has no matrix overload of the three-argument asuint
RWStructuredBuffer<uint> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    double2x2 m = double2x2(asdouble(0x11111111u, 0x3FF00000u), asdouble(0x22222222u, 0x40000000u),
                            asdouble(0x33333333u, 0xBFE00000u), asdouble(0x44444444u, 0x3FF80000u));
    uint2x2 lo, hi;
    asuint(m, lo, hi);
    o[0] = lo[0][0];
    o[1] = lo[0][1];
    o[2] = lo[1][0];
    o[3] = lo[1][1];
    o[4] = hi[0][0];
    o[5] = hi[0][1];
    o[6] = hi[1][0];
    o[7] = hi[1][1];
    double2x1 c = double2x1(asdouble(5u, 0x40100000u), asdouble(7u, 0x40200000u));
    uint2x1 l2, h2;
    asuint(c, l2, h2);
    o[8] = l2[0][0];
    o[9] = l2[1][0];
    o[10] = h2[0][0];
    o[11] = h2[1][0];
}
