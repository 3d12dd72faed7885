// `firstbithigh`, `firstbitlow`, `countbits` and `reversebits` take integers (DXC's
// `any_int`): a float argument converts to `int` first, truncating toward zero. By hand:
// 2.5 → 2, highest set bit 1; -3.7 → -3 (0xFFFFFFFD), highest bit differing from the sign 1;
// 12.0 → 12, lowest set bit 2; 7.9 → 7, three bits; 1.0 → 1 reversed is 0x80000000;
// float2(6.5, 1.25) → (6, 1), highest bits (2, 0).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[6] = [2.5, -3.7, 12.0, 7.9, 1.0, 6.5]
// buffer u1 rw uint[7] = 0
// expect u1 = [1, 1, 2, 3, 2147483648, 2, 0]
// peer-bug glslang: converts the float argument to `uint` (FindUMsb: -3.7 gives 31) and gets 0 for the vector form
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = firstbithigh(src[0]);
    dst[1] = firstbithigh(src[1]);
    dst[2] = firstbitlow(src[2]);
    dst[3] = countbits(src[3]);
    dst[4] = reversebits(src[4]);
    uint2 v = firstbithigh(float2(src[5], 1.25));
    dst[5] = v.x;
    dst[6] = v.y;
}
