// A literal converts to the type it meets exactly once, from its own 64-bit value (DXC's
// literal int/float, SemaHLSL.cpp CombineBasicTypes; conversions of a literal fold with clang's
// APInt/APFloat from the literal's value), so, by hand:
//  0 f == 16777217 with f = 16777216 (float): the literal becomes float 16777216: true (1)
//  1 f == 0.1 with f = 0.1f: the literal becomes float 0x3DCCCCCD: true (C would compare in double)
//  2 uint k = 3.9999999999: truncated from the double: 3 (through float it would be 4.0 → 4)
//  3 int n = 16777217.0: 16777217 (through float 16777216)
//  4 uint big = 4294967295.0: 4294967295 (through float 2^32, out of range)
//  5/6 int64_t b = 9007199254740993 * 1.0: a literal float, 2^53 + 1 rounds to 2^53 (ties to
//    even): low word 0, high word 0x00200000
//  7/8 int64_t e = 9007199254740993: exact: low word 1, high 0x00200000
//  9 uint a = ~0 >> 1: the literal int is signed 64-bit, -1 >> 1 = -1: 0xFFFFFFFF
// 10 uint a = ~0u >> 1: 0x7FFFFFFF
// 11 (uint)(~0xFFFFFFFF >> 32): 64-bit, ~0xFFFFFFFF = -2^32, >> 32 = -1: 0xFFFFFFFF
// 12 uint x = -0x80000000: -2^31 into uint: 0x80000000
// 13 float h = 1 / 2: integer division of literals: 0.0
// 14 float q = 1 / 2.0: 0.5 (0x3F000000)
// 15 the same at run time: i = 1, i / 2 = 0 → 0.0; 16: i / 2.0 = 0.5
// 17 uint m = u * -1 with u = 5: uint arithmetic: 0xFFFFFFFB; 18 folded 5u * -1 the same
// 19 c ? 1u : -1 with c false: uint 0xFFFFFFFF; 20 folded false ? 1u : -1 the same
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer t0 ro uint[4] = [0x4B800000, 0x3DCCCCCD, 1, 5]
// buffer u1 rw uint[21] = 0
// expect u1 = [1, 1, 3, 16777217, 4294967295, 0, 0x00200000, 1, 0x00200000, 0xFFFFFFFF,
//              0x7FFFFFFF, 0xFFFFFFFF, 0x80000000, 0, 0x3F000000, 0, 0x3F000000, 0xFFFFFFFB,
//              0xFFFFFFFB, 0xFFFFFFFF, 0xFFFFFFFF]
// peer-bug glslang: does not know `int64_t`; a copy without it differs only in [11] (0: `~` on a
//   32-bit literal)
// peer-bug slang: converts a literal float through float ([2] 4, [3] 16777216, [4] 0) and takes
//   `~0xFFFFFFFF` at 32 bits ([11] 0)
StructuredBuffer<uint> I : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float f = asfloat(I[0]);
    float p = asfloat(I[1]);
    int i = (int)I[2];
    uint u = I[3];
    bool c = I[2] == 0;
    o[0] = (f == 16777217) ? 1 : 0;
    o[1] = (p == 0.1) ? 1 : 0;
    uint k = 3.9999999999;
    o[2] = k;
    int n = 16777217.0;
    o[3] = (uint)n;
    uint big = 4294967295.0;
    o[4] = big;
    int64_t b = 9007199254740993 * 1.0;
    o[5] = (uint)b;
    o[6] = (uint)(b >> 32);
    int64_t e = 9007199254740993;
    o[7] = (uint)e;
    o[8] = (uint)(e >> 32);
    uint a0 = ~0 >> 1;
    o[9] = a0;
    uint a1 = ~0u >> 1;
    o[10] = a1;
    o[11] = (uint)(~0xFFFFFFFF >> 32);
    uint x = -0x80000000;
    o[12] = x;
    float h = 1 / 2;
    o[13] = asuint(h);
    float q = 1 / 2.0;
    o[14] = asuint(q);
    float hr = i / 2;
    o[15] = asuint(hr);
    float qr = i / 2.0;
    o[16] = asuint(qr);
    o[17] = u * -1;
    o[18] = 5u * -1;
    o[19] = c ? 1u : -1;
    o[20] = false ? 1u : -1;
}
