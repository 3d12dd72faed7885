// min/max/abs/clamp on signed and unsigned integers (signedness picks the comparison);
// abs(INT_MIN) wraps to INT_MIN.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[4] = [-5, 3, -2147483648, 100]
// buffer u1 rw int[10] = 0
// expect u1 = [-5, 3, 5, -2147483648, 3, 3, -2147483648, 0, 10, -5]
StructuredBuffer<int> s : register(t0);
RWStructuredBuffer<int> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int a = s[0], b = s[1], m = s[2], h = s[3];
    dst[0] = min(a, b);
    dst[1] = max(a, b);
    dst[2] = abs(a);
    dst[3] = abs(m);                                 // wraps
    dst[4] = (int)min((uint)a, (uint)b);             // unsigned: 3 < 0xFFFFFFFB
    dst[5] = (int)min((uint)h, (uint)b);             // 3
    dst[6] = (int)max((uint)m, (uint)b);             // 0x80000000
    dst[7] = clamp(a, 0, 10);                        // 0
    dst[8] = clamp(h, 0, 10);                        // 10
    dst[9] = clamp(a, -5, -5);                       // -5
}
