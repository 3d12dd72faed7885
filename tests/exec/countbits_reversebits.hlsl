// countbits (population count) and reversebits (bit reversal) on uint, and on a uint2
// component-wise. reversebits(0x12345678) = 0x1E6A2C48 (nibbles reversed and each nibble
// bit-reversed: 8→1, 7→E, 6→6, 5→A, 4→2, 3→C, 2→4, 1→8).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [0xF0F0F0F0, 0, 0xFFFFFFFF, 0x12345678]
// buffer u1 rw uint[10] = 0
// expect u1 = [16, 0, 32, 13,   0x0F0F0F0F, 0, 0xFFFFFFFF, 0x1E6A2C48,   1, 0x80000000]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 4; ++i) {
        dst[i] = countbits(src[i]);
        dst[4 + i] = reversebits(src[i]);
    }
    uint2 v = uint2(src[1] + 1, 1);            // (1, 1)
    uint2 c = countbits(v);
    dst[8] = c.x;
    dst[9] = reversebits(v).y;
}
