// Unary operators and truth tests on DXC's 64-bit literal int (signed: BuiltinTypes.def
// SIGNED_TYPE(LitInt); CheckUnaryOpForHLSL keeps the operand's literal type), by hand:
//  L0 -(0xFFFFFFFF + 1) = -2^32 (a uint operand instead, -(u + 1) with u = 0xFFFFFFFF, wraps
//     to 0 in uint: L7); L1 -(2147483647 + 1) = -2^31; L2 -(1 << 32) = -2^32;
//  L3 -(3000000000u): the `u` literal is a uint, 2^32 - 3e9 = 1294967296; L4 -(0xFFFFFFFF) =
//  -4294967295; L5 -0x7FFFFFFF - 2 = -2147483649; L6 ~0xFFFFFFFF = -2^32; L8 -(x + 1) with
//  int64_t x = 0xFFFFFFFF from a buffer = -2^32
//  o0 !0x100000000 = 0 (64-bit non-zero); o1 !(0xFFFFFFFF + 1) = 0; o2 0x100000000 && true = 1;
//  o3 0xFFFFFFFF + 1 > 0xFFFFFFFF = 1; o4 float = 0xFFFFFFFF + 1 = 2^32 (0x4F800000);
//  o5 float = 16777217 rounds to 16777216 (0x4B800000); o6 (0xFFFFFFFF + 1) * 0.5 = 2^31
//  (0x4F000000); o7 0x100000000 ? 1 : 0 = 1; o8 (uint)(-(0xFFFFFFFF + 1) >> 32) = 0xFFFFFFFF
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer t0 ro uint[1] = [0xFFFFFFFF]
// buffer u1 rw i64[9] = 0
// buffer u2 rw uint[9] = 0
// expect u1 = [-4294967296, -2147483648, -4294967296, 1294967296, -4294967295, -2147483649,
//              -4294967296, 0, -4294967296]
// expect u2 = [0, 0, 1, 1, 0x4F800000, 0x4B800000, 0x4F000000, 1, 0xFFFFFFFF]
// peer-bug glslang: does not know `int64_t` ("'type' : Expected")
// peer-bug slang: types hex literals as 32-bit `uint` and folds at 32 bits (L0, L2, L4-L6, o1, o3,
//   ... differ)
StructuredBuffer<uint> I : register(t0);
RWStructuredBuffer<int64_t> L : register(u1);
RWStructuredBuffer<uint> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint u = I[0];
    int64_t x = I[0];
    L[0] = -(0xFFFFFFFF + 1);
    L[1] = -(2147483647 + 1);
    L[2] = -(1 << 32);
    L[3] = -(3000000000u);
    L[4] = -(0xFFFFFFFF);
    L[5] = -0x7FFFFFFF - 2;
    L[6] = ~0xFFFFFFFF;
    L[7] = -(u + 1);
    L[8] = -(x + 1);
    o[0] = !0x100000000;
    o[1] = !(0xFFFFFFFF + 1);
    o[2] = (0x100000000 && true);
    o[3] = (uint)(0xFFFFFFFF + 1 > 0xFFFFFFFF);
    float f = 0xFFFFFFFF + 1;
    o[4] = asuint(f);
    float g = 16777217;
    o[5] = asuint(g);
    o[6] = asuint((float)((0xFFFFFFFF + 1) * 0.5));
    o[7] = 0x100000000 ? 1 : 0;
    o[8] = (uint)(-(0xFFFFFFFF + 1) >> 32);
}
