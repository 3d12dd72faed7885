// 64-bit unsigned integers (uint64_t): carries across the 32-bit halves, multiplication,
// shifts by more than 31 (amounts masked to 6 bits: << 65 == << 1), zero-extension from
// uint, and truncation to uint. (Signed int64_t: int64_signed.)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer t0 ro u64[3] = [0xFFFFFFFF, 0x100000000, 40]
// buffer u1 rw u64[7] = 0
// expect u1 = [0x100000000, 0x300000000, 0x0000010000000000, 0x1FFFFFFFE,
//              0x00000000FFFFFFFF, 0x200000000, 0xFFFFFFFE]
StructuredBuffer<uint64_t> src : register(t0);
RWStructuredBuffer<uint64_t> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint64_t lo = src[0], hi = src[1], forty = src[2];
    dst[0] = lo + 1;                          // carry into bit 32
    dst[1] = hi * 3;
    uint64_t one = hi >> 32;                  // 1
    dst[2] = one << forty;                    // 2^40
    dst[3] = lo * 2;                          // 0x1FFFFFFFE
    uint m1 = (uint)lo;                       // 0xFFFFFFFF
    dst[4] = m1;                              // zero-extended
    dst[5] = hi << (forty + 25);              // 65 & 63 = 1 → 2^33
    dst[6] = (uint)(lo * 2);                  // truncated to the low 32 bits
}
