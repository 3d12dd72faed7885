// HLSL 202x (DXC's `-HV 202x`, internally 2029; HLSL proposal 0017, conforming literals): an
// unsuffixed floating literal is a `float` and an unsuffixed integer literal an `int` (`uint`
// for a hex value above INT_MAX), where HLSL 2021 gives them 64-bit literal types
// (DXC: SemaExpr.cpp ActOnNumericConstant, LiteralSupport.cpp). Values by hand (Python's
// struct for the f32 roundings); HLSL 2021 would give the values in brackets:
//   double a = 5.57: float(5.57) widened = 0x401647AE_20000000 [5.57: 0x401647AE_147AE148];
//   double b = 5.57L: 0x401647AE_147AE148 in both;
//   double t = 1.0 / 3.0: float division 0x3FD55555_60000000 [0x3FD55555_55555555];
//   (0xFFFFFFFF + 1) > 0: uint arithmetic wraps to 0 → 0 [4294967296 > 0 → 1];
//   double g = 16777217.0 is float 16777216, so (uint)(g - 16777216.0L) = 0 [1];
//   __HLSL_VERSION = 2029;
//   -2147483648: decimal 2147483648 does not fit `int`, so it is `int64_t` (C's rule for decimal
//   literals; hex would give `uint`), and (uint)((-2147483648) >> 32) = 0xFFFFFFFF [the same].
// exec: -T cs_6_0 -E main -HV 202x dispatch 1 1 1
// requires f64
// buffer u0 rw uint[10] = 0
// expect u0 = [0x20000000, 0x401647AE, 0x147AE148, 0x401647AE, 0x60000000, 0x3FD55555, 0, 0, 2029, 0xFFFFFFFF]
// peer-bug glslang: no HLSL 202x (its literals follow HLSL 2018) and no `asuint(double, out uint, out uint)` ("no matching overloaded function found")
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
    uint lo, hi;
    double a = 5.57;
    asuint(a, lo, hi);
    Out[0] = lo; Out[1] = hi;
    double b = 5.57L;
    asuint(b, lo, hi);
    Out[2] = lo; Out[3] = hi;
    double t = 1.0 / 3.0;
    asuint(t, lo, hi);
    Out[4] = lo; Out[5] = hi;
    Out[6] = (0xFFFFFFFF + 1) > 0 ? 1 : 0;
    double g = 16777217.0;
    Out[7] = (uint)(g - 16777216.0L);
    Out[8] = __HLSL_VERSION;
    Out[9] = (uint)((-2147483648) >> 32);
}
