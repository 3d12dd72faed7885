// Comparisons with a NaN operand: DXC's DXIL has ordered comparisons for <, <=, >, >=, ==
// (false with a NaN) and an unordered one for != (`fcmp une`: true), as D3D and IEEE 754 do,
// so !(x < y) differs from x >= y. (DXC's SPIR-V back end writes `OpFOrdNotEqual` for !=,
// false with a NaN; hlslc keeps D3D's unordered != for both targets.) The NaN
// comes from a buffer (nothing folds). Each lane is 0 or 1; by hand with q = NaN, one = 1:
//   q < 1, q <= 1, q > 1, q >= 1, q == q, q != q, !(q < 1), !(q >= 1), (q < 1 ? 5 : 7) = 7,
//   max via (q > one ? q : one) = 1 → [0, 0, 0, 0, 0, 1, 1, 1, 7, 1]
//   vectors: (float2(q, 2) < 3) = (0, 1); any(float2(q, q) == q) = 0
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[2] = [nan, 1.0]
// buffer u1 rw uint[13] = 0
// expect u1 = [0, 0, 0, 0, 0, 1, 1, 1, 7, 1, 0, 1, 0]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float q = src[0], one = src[1];
    o[0] = q < one;
    o[1] = q <= one;
    o[2] = q > one;
    o[3] = q >= one;
    o[4] = q == q;
    o[5] = q != q;
    o[6] = !(q < one);
    o[7] = !(q >= one);
    o[8] = q < one ? 5 : 7;
    o[9] = (uint)(q > one ? q : one);
    bool2 c = float2(q, 2 * one) < 3 * one;
    o[10] = c.x;
    o[11] = c.y;
    o[12] = any(float2(q, q) == q);
}
