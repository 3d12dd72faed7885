// asuint(d, lo, hi) on double vectors splits each component into its low and high words, and
// a scalar double splats into vector outputs, as DXC. Inputs are the words of 1.0
// (0x3ff00000_00000000) and of a double with the low word 0x89abcdef and high word
// 0x40000000; expected by hand: the same words back, then 1.0's words twice.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64
// buffer t0 ro uint[4] = [0, 0x89abcdef, 0x3ff00000, 0x40000000]
// buffer u1 rw uint[8] = 0
// expect u1 = [0, 0x89abcdef, 0x3ff00000, 0x40000000, 0, 0, 0x3ff00000, 0x3ff00000]
// peer-bug glslang: rejects the vector form of asdouble (uint2, uint2)
StructuredBuffer<uint> words : register(t0);
RWStructuredBuffer<uint> output : register(u1);

[numthreads(1, 1, 1)]
void main() {
    double2 d = asdouble(uint2(words[0], words[1]), uint2(words[2], words[3]));
    uint2 lo, hi;
    asuint(d, lo, hi);
    output[0] = lo.x; output[1] = lo.y; output[2] = hi.x; output[3] = hi.y;
    double one = d.x;
    uint2 lo2, hi2;
    asuint(one, lo2, hi2);
    output[4] = lo2.x; output[5] = lo2.y; output[6] = hi2.x; output[7] = hi2.y;
}
