// Usual arithmetic conversions: an int meeting a uint becomes unsigned, so -1 < 1u is
// false, -3 + 5u == 2u, and -3 / 5u is an unsigned division of 0xFFFFFFFD by 5.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[2] = [-1, -3]
// buffer t1 ro uint[2] = [1, 5]
// buffer u2 rw uint[5] = 0
// expect u2 = [0, 1, 2, 858993458, 0xFFFFFFFE]
StructuredBuffer<int> s : register(t0);
StructuredBuffer<uint> u : register(t1);
RWStructuredBuffer<uint> dst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    int m1 = s[0], m3 = s[1];
    uint one = u[0], five = u[1];
    dst[0] = (m1 < one) ? 1u : 0u;      // 0xFFFFFFFF < 1 → false
    dst[1] = (m1 < (int)one) ? 1u : 0u; // signed compare → true
    dst[2] = m3 + five;                 // 2
    dst[3] = m3 / five;                 // 4294967293 / 5 = 858993458
    dst[4] = m3 + one;                  // 0xFFFFFFFE
}
