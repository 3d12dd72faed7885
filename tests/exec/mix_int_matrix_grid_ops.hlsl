// Integer matrices as tile and board code uses them: an int3x3 filled by dynamic `m[i][j]`
// writes in a double loop, read and read-modify-written at run-time indices, `_m00_m11` (0-based)
// assigned a vector and `_13_31` (1-based) scaled in place, scalar-matrix arithmetic
// (`2 * m - 1`), a component-wise comparison giving a bool3x3 that is cast to int3x3 and
// counted, a truncating cast to int2x3 (the upper-left block) multiplied by an int3x4 (`mul`
// of non-square integer matrices: int2x4), a `row_major int2x2` local with a row written
// through `rm[1]` and used in `mul(rm, v)`, and `(float3x3)` of a float4x4. Per thread t with
// seed s (8 threads): picked = m[t % 3][(t + 1) % 3] before the edits, m after them (9),
// the diagonal of 2m - 1 (3), the count of m > 10, mul(a, b) (8), mul(rm, (s, -1)) (2) and
// (int)f3[2][1] where f4[i][j] = 4i + j + s (27 ints).
// Expected values: tests/exec/mix/models.py (int_matrix_grid_ops).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[8] = [1, -2, 3, 0, 5, -7, 2, 11]
// buffer u1 rw int[216] = 0
// expect u1 = [-3, -3, -3, -4, 99, 3, 1, 4, 3, 4, -7, 5, 7, 1, 1, -10, -6, -12, 98, 7, 102, -93,
//     -1, 1, 10, 3, 1, -14, -14, -6, -16, -10, 14, -14, -32, 82, -20, -29, 27, -41, 2, 2, -28, 22,
//     -22, 4, 14, 34, -60, -4, 1, 7, 0, -14, 14, 14, -1, 204, 5, -14, 11, 28, 17, 20, 27, -29, 39,
//     6, -190, 202, 41, 595, -6, -17, 1, -14, 1, 11, 12, 5, 11, -4, -4, -4, -8, 96, 4, -4, -8, -4,
//     -4, -9, 7, -9, 1, 4, -16, -4, -20, 100, 4, 4, -108, -2, -1, 9, 2, -4, 21, 21, 1, 12, 11, -21,
//     21, 52, 131, 36, 41, -43, 71, 7, 9, 14, 106, 20, -10, -21, 34, -53, 3, 29, 14, 7, 21, -46,
//     -46, -11, 164, -25, 46, -39, -92, -53, -60, -93, 91, -121, 2, -210, 142, 311, 615, 14, 53,
//     221, -414, -9, 41, 2, -5, -39, -2, -2, -2, 0, 102, 2, 6, 16, 10, 12, -5, 3, 23, 3, -2, -4,
//     -6, -2, 96, 10, 206, -80, 0, 5, 11, 4, 6, 51, 51, 7, 36, 29, -51, 51, 124, 173, 84, 101,
//     -103, 167, 7, 15, 50, 568, 134, -22, -51, 268, -437, 9, 131, 20, 13, 51]
// peer-bug glslang: refuses a compound assignment to a multi-component matrix swizzle (`m._13_31 *= 2`)
StructuredBuffer<int> Seeds : register(t0);
RWStructuredBuffer<int> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int s = Seeds[t];
    int3x3 m;
    for (uint i = 0; i < 3; ++i)
        for (uint j = 0; j < 3; ++j)
            m[i][j] = (int)(i * 3 + j) * s - 4;

    uint ri = t % 3, ci = (t + 1) % 3;
    int picked = m[ri][ci];
    m[ci][ri] += 100;
    m._m00_m11 = int2(picked, -picked);
    m._13_31 *= 2;

    int3x3 scaled = 2 * m - 1;
    bool3x3 big = m > 10;
    int3x3 bigI = (int3x3)big;
    int bigCount = dot(bigI[0] + bigI[1] + bigI[2], int3(1, 1, 1));

    int2x3 a = (int2x3)m;
    int3x4 b = int3x4(1, 0, s, -1,
                      0, 2, 1, s,
                      -1, 1, 0, 3);
    int2x4 prod = mul(a, b);

    row_major int2x2 rm = { 1, 2, 3, 4 };
    rm[1] = int2(s, 1 - s);
    int2 rv = mul(rm, int2(s, -1));

    float4x4 f4;
    [unroll] for (uint r = 0; r < 4; ++r)
        f4[r] = float4(4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3) + s;
    float3x3 f3 = (float3x3)f4;

    uint o = t * 27;
    Out[o] = picked;
    [unroll] for (uint k = 0; k < 9; ++k)
        Out[o + 1 + k] = m[k / 3][k % 3];
    Out[o + 10] = scaled._11;
    Out[o + 11] = scaled._22;
    Out[o + 12] = scaled._33;
    Out[o + 13] = bigCount;
    [unroll] for (uint q = 0; q < 8; ++q)
        Out[o + 14 + q] = prod[q / 4][q % 4];
    Out[o + 22] = rv.x;
    Out[o + 23] = rv.y;
    Out[o + 24] = (int)f3[2][1];
    Out[o + 25] = (int)f3[0][2];
    Out[o + 26] = m._23;
}
