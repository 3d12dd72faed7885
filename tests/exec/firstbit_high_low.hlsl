// firstbithigh and firstbitlow return bit indices counted from the least significant bit
// (DXC corrects DXIL's MSB-relative FirstbitHi with 31 - n), -1 (0xFFFFFFFF) when no bit is
// found. On a negative int, firstbithigh finds the first 0 bit from the MSB side:
// -1 → -1, -2 → 0, -16 → 3, INT_MIN (0x80000000) → 30. On uint it finds the highest 1:
// 0x80000000 → 31. firstbitlow(0) = -1, firstbitlow(12) = 2, firstbitlow(INT_MIN) = 31.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[7] = [5, 0, -1, -2, -16, -2147483648, 0x10000]
// buffer u1 rw int[7] = 0
// buffer u2 rw uint[7] = 0
// buffer u3 rw uint[7] = 0
// expect u1 = [2, -1, -1, 0, 3, 30, 16]
// expect u2 = [2, 0xFFFFFFFF, 31, 31, 31, 31, 16]
// expect u3 = [0, 0xFFFFFFFF, 0, 1, 4, 31, 16]
StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> high_signed : register(u1);
RWStructuredBuffer<uint> high_unsigned : register(u2);
RWStructuredBuffer<uint> low : register(u3);

[numthreads(7, 1, 1)]
void main(uint i : SV_GroupIndex) {
    int x = src[i];
    high_signed[i] = firstbithigh(x);
    high_unsigned[i] = firstbithigh((uint)x);
    low[i] = firstbitlow((uint)x);
}
