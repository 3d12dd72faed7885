// Built-in functions whose operands are all constants, on `double`, 64-bit and 16-bit
// integers. naga's WGSL reader evaluates a call of constant operands at compile time, and its
// evaluator has no `clamp`/`min`/`max`/`abs`/`fma`/`floor` for f64 nor any built-in for i16/u16
// (nor `dot` for i64), so hlslc's WGSL for these calls was rejected when wgpu created the
// module ("Cannot apply math function to type") although naga's validator accepted hlslc's
// module; hlslc now reads one such operand back from a local, and the device evaluates the call.
// Expected values by hand:
//   clamp((-1.5, 0, 100.1, 0.0025), (-2, -0.25, 100.2, -1), (3, 5.5, 500, 1)) = (-1.5, 0, 100.2, 0.0025)
//   min((1.25, -3.5), (2, -4)) = (1.25, -4); max of the same = (2, -3.5)
//   mad((1.5, 2), (2, 0.25), (0.25, -1)) = (3.25, -0.5); abs(-2.5) = 2.5; floor(-2.5) = -3
//   int64: clamp((-5, 7), -3, 3) = (-3, 3); min((10, -20), (-10, 20)) = (-10, -20);
//          max of the same = (10, 20); dot((3, -4), (5, 6)) = 15 - 24 = -9; max(2^32, 5) = 2^32
//   16-bit: clamp((-5, 7), -3, 3) = (-3, 3); min(uint16 (65535, 2), (1, 3)) = (1, 2);
//           max((-100, 100), (-200, 200)) = (-100, 200); dot((3, -4), (5, 6)) = -9; abs(-7) = 7
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f64 int64 i16
// buffer u0 rw double[12] = 0
// buffer u1 rw int64_t[8] = 0
// buffer u2 rw int[8] = 0
// expect u0 = [-1.5, 0, 100.2, 0.0025, 1.25, -4, 2, -3.5, 3.25, -0.5, 2.5, -3]
// expect u1 = [-3, 3, -10, -20, 10, 20, -9, 4294967296]
// expect u2 = [-3, 3, 1, 2, -100, 200, -9, 7]
// peer-bug glslang: does not compile `RWStructuredBuffer<int64_t>` ("Expected type"), as in `int64_signed`
RWStructuredBuffer<double> D : register(u0);
RWStructuredBuffer<int64_t> L : register(u1);
RWStructuredBuffer<int> S : register(u2);

[numthreads(1, 1, 1)]
void main() {
    double4 c = clamp(double4(-1.5, 0, 100.1, 0.0025), double4(-2, -0.25, 100.2, -1), double4(3, 5.5, 500, 1));
    D[0] = c.x; D[1] = c.y; D[2] = c.z; D[3] = c.w;
    double2 lo = min(double2(1.25, -3.5), double2(2, -4));
    double2 hi = max(double2(1.25, -3.5), double2(2, -4));
    D[4] = lo.x; D[5] = lo.y; D[6] = hi.x; D[7] = hi.y;
    double2 m = mad(double2(1.5, 2), double2(2, 0.25), double2(0.25, -1));
    D[8] = m.x; D[9] = m.y;
    D[10] = abs((double)-2.5);
    D[11] = floor((double)-2.5);

    int64_t2 lc = clamp(int64_t2(-5, 7), int64_t2(-3, -3), int64_t2(3, 3));
    int64_t2 ll = min(int64_t2(10, -20), int64_t2(-10, 20));
    int64_t2 lh = max(int64_t2(10, -20), int64_t2(-10, 20));
    L[0] = lc.x; L[1] = lc.y; L[2] = ll.x; L[3] = ll.y; L[4] = lh.x; L[5] = lh.y;
    L[6] = dot(int64_t2(3, -4), int64_t2(5, 6));
    L[7] = max((int64_t)0x100000000, (int64_t)5);

    int16_t2 sc = clamp(int16_t2(-5, 7), int16_t2(-3, -3), int16_t2(3, 3));
    uint16_t2 sl = min(uint16_t2(65535, 2), uint16_t2(1, 3));
    int16_t2 sh = max(int16_t2(-100, 100), int16_t2(-200, 200));
    S[0] = sc.x; S[1] = sc.y; S[2] = sl.x; S[3] = sl.y; S[4] = sh.x; S[5] = sh.y;
    S[6] = dot(int16_t2(3, -4), int16_t2(5, 6));
    S[7] = abs((int16_t)-7);
}
