// Unsigned division and remainder, including operands with the top bit set (which a
// signed division would get wrong) and a uint divided by a negative int literal
// (usual arithmetic conversions make it unsigned).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [0xFFFFFFFF, 3, 0x80000000, 10]
// buffer u1 rw uint[8] = 0
// expect u1 = [0x55555555, 0, 0x2AAAAAAA, 2, 0x0CCCCCCC, 8, 0, 10]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint a = src[0], three = src[1], top = src[2], ten = src[3];
    dst[0] = a / three;          // 4294967295 / 3 = 1431655765 = 0x55555555
    dst[1] = a % three;          // 0
    dst[2] = top / three;        // 2147483648 / 3 = 715827882 = 0x2AAAAAAA
    dst[3] = top % three;        // 2147483648 - 3 * 715827882 = 2
    dst[4] = top / ten;          // 214748364 = 0x0CCCCCCC
    dst[5] = top % ten;          // 2147483648 - 2147483640 = 8
    dst[6] = ten / (uint)-1;     // 10 / 0xFFFFFFFF = 0
    dst[7] = ten % (uint)-1;     // 10
}
