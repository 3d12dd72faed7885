// Literal arithmetic as engine constants are written, next to run-time arithmetic on the same
// values: DXC types an unsuffixed integer literal as 64-bit `literal int` and a float literal
// as 64-bit `literal float`, folds expressions made only of literals at that width, and
// converts the result to the destination; an expression that touches a typed variable takes
// the variable's type (a `uint` times a literal wraps at 32 bits). Words, by hand:
//   0-1  uint64_t 0xFFFFFFFF * 2 = 0x1_FFFFFFFE         2-3 int64_t 1 << 40 = 0x100_00000000
//   4    uint 0xFFFFFFFF + 1 → 0x1_00000000 truncated: 0   5 float 1 / 2 = 0 (integer division)
//   6    float 1 / 2.0 = 0.5                                7 bool 3000000000 > 2147483647 = 1
//   8    int 3000000000 → -1294967296                       9 float 16777216.0 + 1.0 + 1.0 =
//        16777218 (folded in double; float steps would give 16777216)
//   10   float 1e40 * 1e-10 = 1e30 rounded to float (0x7149F2CA; float steps: inf)
//   11-12 double 1.0 / 3 in double (0x3FD55555_55555555)
//   13-14 uint64_t cnt * 0xFFFFFFFF * 2 with uint cnt = 1: uint arithmetic, 0xFFFFFFFE
//   15-16 uint64_t (uint64_t)cnt * 0xFFFFFFFF * 2 = 0x1_FFFFFFFE
//   17   int (int)(0x7FFFFFFF + 1) / 2 = INT_MIN / 2 = -1073741824
//   18   uint 5 - 10u = 0xFFFFFFFB                          19 int 7 / -2 = -3, 20 7 % -2 = 1
//   21   float 16777217 (an int literal to float) = 16777216
// requires int64 f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [1]
// buffer u1 rw uint[22] = 0
// expect u1 = [0xFFFFFFFE, 1, 0, 0x100, 0, 0, 0x3F000000, 1, 0xB2D05E00, 0x4B800001, 0x7149F2CA,
//     0x55555555, 0x3FD55555, 0xFFFFFFFE, 0, 0xFFFFFFFE, 1, 0xC0000000, 0xFFFFFFFB, 0xFFFFFFFD, 1,
//     0x4B800000]
// peer-bug glslang: unknown type name `uint64_t`
StructuredBuffer<uint> Count : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

void put64(uint slot, uint64_t v) {
    Out[slot] = (uint)v;
    Out[slot + 1] = (uint)(v >> 32);
}

[numthreads(1, 1, 1)]
void main() {
    uint cnt = Count[0];
    put64(0, 0xFFFFFFFF * 2);
    int64_t shifted = 1 << 40;
    put64(2, (uint64_t)shifted);
    uint wrapped = 0xFFFFFFFF + 1;
    Out[4] = wrapped;
    float half1 = 1 / 2;
    Out[5] = asuint(half1);
    float half2 = 1 / 2.0;
    Out[6] = asuint(half2);
    bool wide = 3000000000 > 2147483647;
    Out[7] = wide;
    int narrowed = 3000000000;
    Out[8] = narrowed;
    float folded = 16777216.0 + 1.0 + 1.0;
    Out[9] = asuint(folded);
    float big = 1e40 * 1e-10;
    Out[10] = asuint(big);
    double third = 1.0 / 3;
    uint lo, hi;
    asuint(third, lo, hi);
    Out[11] = lo;
    Out[12] = hi;
    put64(13, cnt * 0xFFFFFFFF * 2);
    put64(15, (uint64_t)cnt * 0xFFFFFFFF * 2);
    Out[17] = (int)(0x7FFFFFFF + 1) / 2;
    Out[18] = 5 - 10u;
    Out[19] = 7 / -2;
    Out[20] = 7 % -2;
    float rounded = 16777217;
    Out[21] = asuint(rounded);
}
