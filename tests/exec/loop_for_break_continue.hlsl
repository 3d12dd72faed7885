// for loops with continue (skip odd i) and break (stop at i == 7), nested loops with a
// labelled-style early exit through a flag, and a loop whose bound comes from a buffer.
// Sum of even i in [0, 7) = 0+2+4+6 = 12; the nested loop counts pairs (i, j), j < i,
// i < n = 5: 0+1+2+3+4 = 10; the first (i, j) with i*j == 6 in row-major order is (2, 3)
// → encoded as 23.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [5]
// buffer u1 rw uint[4] = 0
// expect u1 = [12, 10, 23, 7]
StructuredBuffer<uint> n_buf : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint n = n_buf[0];
    uint sum = 0;
    uint i;
    for (i = 0; i < 100; ++i) {
        if (i == 7) break;
        if (i % 2 == 1) continue;
        sum += i;
    }
    dst[0] = sum;
    dst[3] = i;                       // 7: the loop variable after break

    uint pairs = 0;
    for (uint a = 0; a < n; ++a)
        for (uint b = 0; b < a; ++b)
            pairs++;
    dst[1] = pairs;

    uint found = 0;
    bool done = false;
    for (uint r = 0; r < n && !done; ++r) {
        for (uint c = 0; c < n; ++c) {
            if (r * c == 6) { found = r * 10 + c; done = true; break; }
        }
    }
    dst[2] = found;
}
