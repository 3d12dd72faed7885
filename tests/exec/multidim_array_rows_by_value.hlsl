// Two-dimensional local arrays: a flattened initializer, a row passed by value (the callee's
// write does not reach the caller), a row passed `inout`, a row assigned from another row, a
// whole-array copy that does not alias, and run-time indices on both dimensions. By hand,
// a = {1..4; 5..8; 9..12}, i = 1:
//   rowsum(a[1]) = 26, a[1][0] still 5; a[0] = a[2] → 9..12; bump(a[1], 100) → 105..108
//   b = a; b[2][3] = -1 → a[0][1] = 10, a[1][3] = 108, a[2][3] = 12, b[2][3] = -1,
//   b[i][i + 1] = b[1][2] = 107, a[2][i + 1] = 11
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [1]
// buffer u1 rw int[8] = 0
// expect u1 = [26, 5, 10, 108, 12, -1, 107, 11]
// peer-bug glslang: cannot initialise a local array from an array (`int b[3][4] = a;`)
StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> o : register(u1);

int rowsum(int r[4]) {
    int s = 0;
    for (int k = 0; k < 4; ++k)
        s += r[k];
    r[0] = 999;
    return s;
}

void bump(inout int r[4], int by) {
    for (int k = 0; k < 4; ++k)
        r[k] += by;
}

[numthreads(1, 1, 1)]
void main() {
    int i = src[0];
    int a[3][4] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
    o[0] = rowsum(a[i]);
    o[1] = a[i][0];
    a[0] = a[2];
    bump(a[i], 100);
    int b[3][4] = a;
    b[2][3] = -1;
    o[2] = a[0][1];
    o[3] = a[i][3];
    o[4] = a[2][3];
    o[5] = b[2][3];
    o[6] = b[i][i + 1];
    o[7] = a[2][i + 1];
}
