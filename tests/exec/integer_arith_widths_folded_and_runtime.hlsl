// Integer arithmetic at 16 and 64 bits (and the 32-bit cases no other kernel folds), each
// at run time (operands from a buffer) and folded (all constants), as DXC computes it:
// - `/` truncates toward zero and `%` takes the dividend's sign (SRem) at every width;
// - a shift amount is masked to the left operand's width minus one, after the amount is
//   converted to the left operand's type (SemaHLSL.cpp CheckBinOpForHLSL converts the RHS to
//   the result type, which for a shift is the LHS's; SpirvEmitter.cpp processBinaryOp ANDs it
//   with getMaskForBitwidthValue: 15, 31, 63; CodeGenSPIRV/binary-op.bitwise.shift-left.hlsl).
//   A literal left operand with a typed amount is `uint` when the amount is `uint`, else
//   `int` (CheckBinOpForHLSL, warn_hlsl_ambiguous_literal_shift): `1 << s` is not 64-bit.
//   (DXC's SPIR-V backend folds a constant shift in an initializer with clang's evaluator,
//   which clamps an over-wide amount to width-1 instead of masking, ExprConstant.cpp
//   shift_left; the masked value asserted here is DXIL's, HLSL's rule, and what the same
//   expression gives at run time.)
// - 16-bit arithmetic stays 16-bit (no integer promotion): -(int16_t)-32768 is -32768,
//   uint16_t 300 * 300 is 90000 mod 2^16 = 24464, 3 - 5 is 65534;
// - int16_t with uint16_t compares as uint16_t (same width, unsigned wins: 0xFFF9 < 3 is
//   false), int16_t with uint as uint, int16_t with a literal as int16_t, int64_t with uint
//   as uint64_t (the wider width, unsigned if either); signed overflow wraps (SPIR-V OpIAdd,
//   OpIMul, OpSNegate are modular). Signed folded overflow is not asserted (undefined in
//   clang's evaluator).
// Values by hand: o = [-7/2 -3, -7%2 -1, 7/-2 -3, 7%-2 1, -7/-2 3, -7%-2 -1, folded -3, -1, 1,
//  -1 | 1<<17 (16-bit) 2, 2 | -32768>>17 = -32768>>1 = -16384, -16384 | 0x8000>>16 = 0x8000>>0
//  = 32768, 32768 | -(-32768) = -32768, -32768 * -1 = -32768 | 24464, 65534, 65534, 24464 |
//  (int16_t)-7 < (uint16_t)3: 0, folded 0; (int16_t)-7 < 3u: 0; (int16_t)-7 < 3: 1 |
//  32-bit folded -7 % 2 = -1, 7 % -2 = 1, -7 / -2 = 3 | (1 << si) < 0 with int si = 31: int
//  INT_MIN, 1; with uint su = 31: uint 0x80000000, 0; 1 << s33 (uint 33): 2 | 1u << 33u = 2,
//  (int)-8 >> 33 = -4 | -INT_MIN = INT_MIN, INT_MIN * -1 = INT_MIN, INT_MIN + INT_MIN = 0,
//  3u - 5u = 0xFFFFFFFE | int64_t -7 < uint 2: 0, folded 0, int64_t -7 < int64_t 2: 1]
//  L = [-3, -1, -3, 1, -1, folded -3, 1, -1 | 1 << 65 = 1 << 1 = 2, 2, -7 >> 65 = -4, -4,
//  1 << 64 = 1 << 0 = 1, 1, 1 << 33 = 8589934592 (masked by 63, not 31), folded the same |
//  INT64_MAX + 1 = INT64_MIN, -INT64_MIN = INT64_MIN, INT64_MAX * 2 = -2, 2ull - 7ull = -5]
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16 int64
// buffer t0 ro int[14] = [-7, 2, 7, -2, 17, 33, 64, 65, 31, -32768, 300, 3, 5, 1]
// buffer u1 rw int[41] = 0
// buffer u2 rw i64[20] = 0
// expect u1 = [-3, -1, -3, 1, 3, -1, -3, -1, 1, -1,
//              2, 2, -16384, -16384, 32768, 32768, -32768, -32768, 24464, 65534,
//              65534, 24464, 0, 0, 0, 1, -1, 1, 3, 1,
//              0, 2, 2, -4, -2147483648, -2147483648, 0, -2, 0, 0,
//              1]
// expect u2 = [-3, -1, -3, 1, -1, -3, 1, -1, 2, 2,
//              -4, -4, 1, 1, 8589934592, 8589934592, -9223372036854775808, -9223372036854775808, -2, -5]
// peer-bug glslang: does not know `int16_t` ("'type' : Expected")
// peer-bug slang: folds over-wide constant shifts unmasked (o[11, 13, 15, 32, 33], L[9, 11,
//   13]), types `1 << u` as int (o[30]) and compares int64_t with uint signed (o[38, 39])
StructuredBuffer<int> I : register(t0);
RWStructuredBuffer<int> o : register(u1);
RWStructuredBuffer<int64_t> L : register(u2);

[numthreads(1, 1, 1)]
void main() {
    int16_t a = (int16_t)I[0], b = (int16_t)I[1], c = (int16_t)I[2], d = (int16_t)I[3];
    o[0] = a / b;
    o[1] = a % b;
    o[2] = c / d;
    o[3] = c % d;
    o[4] = a / d;
    o[5] = a % d;
    o[6] = (int16_t)-7 / (int16_t)2;
    o[7] = (int16_t)-7 % (int16_t)2;
    o[8] = (int16_t)7 % (int16_t)-2;
    o[9] = (int16_t)-7 % (int16_t)-2;

    int16_t one16 = (int16_t)I[13];
    uint16_t s17 = (uint16_t)I[4];
    uint16_t s16 = (uint16_t)(I[4] - 1);
    int16_t m16 = (int16_t)I[9];
    uint16_t u16 = (uint16_t)I[9];
    o[10] = one16 << s17;
    o[11] = (int16_t)1 << 17;
    o[12] = m16 >> s17;
    o[13] = (int16_t)-32768 >> 17;
    o[14] = u16 >> s16;
    o[15] = (uint16_t)0x8000 >> 16;
    int16_t neg1 = (int16_t)(-I[13]);
    o[16] = -m16;
    o[17] = m16 * neg1;
    uint16_t p = (uint16_t)I[10], three = (uint16_t)I[11], five = (uint16_t)I[12];
    o[18] = p * p;
    o[19] = three - five;
    o[20] = (uint16_t)3 - (uint16_t)5;
    o[21] = (uint16_t)300 * (uint16_t)300;
    o[22] = (a < three) ? 1 : 0;
    o[23] = ((int16_t)-7 < (uint16_t)3) ? 1 : 0;
    o[24] = (a < 3u) ? 1 : 0;
    o[25] = (a < 3) ? 1 : 0;

    o[26] = -7 % 2;
    o[27] = 7 % -2;
    o[28] = (int)-7 / (int)-2;
    int si = I[8];
    uint su = (uint)I[8];
    uint s33 = (uint)I[5];
    o[29] = ((1 << si) < 0) ? 1 : 0;
    o[30] = ((1 << su) < 0) ? 1 : 0;
    o[31] = 1 << s33;
    o[32] = 1u << 33u;
    o[33] = (int)-8 >> 33;
    int imin = 1 << si;
    o[34] = -imin;
    o[35] = imin * -1;
    o[36] = imin + imin;
    o[37] = asint(3u - 5u);
    int64_t A = I[0], B = I[1], C = I[2], Dd = I[3];
    o[38] = (A < (uint)I[1]) ? 1 : 0;
    o[39] = ((int64_t)-7 < 2u) ? 1 : 0;
    o[40] = (A < B) ? 1 : 0;

    L[0] = A / B;
    L[1] = A % B;
    L[2] = C / Dd;
    L[3] = C % Dd;
    L[4] = A % Dd;
    L[5] = (int64_t)-7 / (int64_t)2;
    L[6] = (int64_t)7 % (int64_t)-2;
    L[7] = (int64_t)-7 % (int64_t)-2;
    int64_t one64 = I[13];
    uint s65 = (uint)I[7], s64 = (uint)I[6];
    L[8] = one64 << s65;
    L[9] = (int64_t)1 << 65;
    L[10] = A >> s65;
    L[11] = (int64_t)-7 >> 65;
    L[12] = one64 << s64;
    L[13] = (int64_t)1 << 64;
    L[14] = one64 << s33;
    L[15] = (uint64_t)1 << 33u;
    uint64_t one64u = (uint64_t)one64;
    int64_t mx = (int64_t)((one64u << (s64 - 1)) - one64u);
    L[16] = mx + one64;
    L[17] = -(mx + one64);
    L[18] = mx * 2;
    L[19] = (int64_t)((uint64_t)B - (uint64_t)C);
}
