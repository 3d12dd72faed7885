// Unsigned counters that wrap: loops counting down to zero with `i-- > 0`, `k != ~0u` and
// `m < n` (ends when m wraps to 0xFFFFFFFF), and unsigned results of subtractions below
// zero. By hand, n = 5:
//   for (i = n; i-- > 0;) a = a * 10 + i → 4, 3, 2, 1, 0 → 43210
//   for (k = n - 1; k != ~0u; --k) b += k → 10;   for (m = n - 1; m < n; --m) c++ → 5
//   n - 6 = 0xFFFFFFFF; (int)(n - 6) / 2 = -1 / 2 = 0 (truncation); (n - 6) / 2 = 0x7FFFFFFF
//   -(int)n = -5; -n (unsigned negation) = 0xFFFFFFFB
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [5]
// buffer u1 rw uint[8] = 0
// expect u1 = [43210, 10, 5, 0xFFFFFFFF, 0, 0x7FFFFFFF, 0xFFFFFFFB, 0xFFFFFFFB]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint n = src[0];
    uint a = 0;
    for (uint i = n; i-- > 0;)
        a = a * 10 + i;
    uint b = 0;
    for (uint k = n - 1; k != ~0u; --k)
        b += k;
    uint c = 0;
    for (uint m = n - 1; m < n; --m)
        c++;
    o[0] = a; o[1] = b; o[2] = c;
    o[3] = n - 6;
    o[4] = (uint)((int)(n - 6) / 2);
    o[5] = (n - 6) / 2;
    o[6] = (uint)(-(int)n);
    o[7] = -n;
}
