// Integer addition and multiplication wrap modulo 2^32 (two's complement), for uint and int.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 65536]
// buffer u1 rw uint[6] = 0
// expect u1 = [0, 0x80000000, 0x7FFFFFFF, 0, 0xFFFFFFFE, 0x80000001]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = src[0] + 1u;                 // 0xFFFFFFFF + 1 = 0 (wraps)
    int i = (int)src[1];
    dst[1] = (uint)(i + 1);               // INT_MAX + 1 = INT_MIN
    dst[2] = (uint)((int)src[2] - 1);     // INT_MIN - 1 = INT_MAX
    dst[3] = src[3] * src[3];             // 2^16 * 2^16 = 2^32 = 0
    dst[4] = src[0] * 2u;                 // 0x1FFFFFFFE mod 2^32
    dst[5] = (uint)(i * -1) ;             // -INT_MAX = 0x80000001
}
