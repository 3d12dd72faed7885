// A general 4x4 inverse by cofactors as math libraries write it: 3x3 minors built from a
// float4x4 by a helper that skips a row and a column with dynamic indices into the matrix
// (`m[r][c]` in loops), `determinant` of each minor and of the whole matrix, the adjugate
// transposed into place, and checks with `mul` in both orders and a product with the
// original compared to the identity (`all(p == I)` per row). The matrices come from a
// `StructuredBuffer<int4x4>` whose data lists each matrix row by row: read column-major that
// is its transpose, which `transpose` undoes before the cast to float4x4. They are
// unimodular (det ±1), so their inverses are integer and every value is exact.
// Per matrix t: det, the inverse (16, row by row), inverse * (m * v) = v for
// v = (t + 1, -1, 2, 0.5), v * m (row vector), and 1 if m * inverse == I. `0ulp`: a zero
// cofactor times -1 (or over det -1) is -0.0, which the model's integers do not track.
// Expected values: tests/exec/mix/models.py (matrix_inverse4_unimodular).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[64] = [1, 2, 0, 1, 0, 1, 3, 0, 0, 0, 1, 2, 0, 0, 0, 1, 2, 1, 0, 0, 1, 1, 0,
//     0, 0, 0, 1, 1, 0, 0, 1, 2, 1, 0, 0, 0, 3, 1, 0, 0, -2, 4, 1, 0, 1, -1, 2, 1, 0, 1, 0, 0,
//     0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0]
//     0, 0, 0, 1, 1, 0, 0, 1, 2, 1, 0, 0, 0, 3, 1, 0, 0, -2, 4, 1, 0, 1, -1, 2, 1, 0, 1, 0, 0,
//     0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0]
// buffer u1 rw float[104] = 0
// expect u1 ~ 0ulp = [1, 1, -2, 6, -13, 0, 1, -3, 6, 0, 0, 1, -2, 0, 0, 0, 1, 1, -1, 2, 0.5, 1, 1, -1,
//     5.5, 1, 1, 1, -1, 0, 0, -1, 2, 0, 0, 0, 0, 2, -1, 0, 0, -1, 1, 2, -1, 2, 0.5, 3, 1, 2.5,
//     3, 1, 1, 1, 0, 0, 0, -3, 1, 0, 0, 14, -4, 1, 0, -32, 9, -2, 1, 3, -1, 2, 0.5, -3.5, 6.5,
//     3, 0.5, 1, -1, -0.0, -0.0, -0.0, 1, 1, -0.0, -0.0, -0.0, -0.0, 1, -0.0, -0.0, -0.0, -0.0,
//     1, -0.0, 4, -1, 2, 0.5, 0.5, 4, -1, 2, 1]
// peer-bug glslang: does not flatten a matrix into a brace initializer of a float array (initializer_flatten)
StructuredBuffer<int4x4> Mats : register(t0);
RWStructuredBuffer<float> Out : register(u1);

float3x3 minorOf(float4x4 m, uint skipRow, uint skipCol) {
    float3x3 r;
    uint rr = 0;
    for (uint i = 0; i < 4; ++i) {
        if (i == skipRow)
            continue;
        uint cc = 0;
        for (uint j = 0; j < 4; ++j) {
            if (j == skipCol)
                continue;
            r[rr][cc] = m[i][j];
            cc++;
        }
        rr++;
    }
    return r;
}

float4x4 inverse(float4x4 m) {
    float4x4 cof;
    [unroll]
    for (uint r = 0; r < 4; ++r)
        [unroll]
        for (uint c = 0; c < 4; ++c)
            cof[r][c] = ((r + c) & 1 ? -1.0 : 1.0) * determinant(minorOf(m, r, c));
    return transpose(cof) / determinant(m);
}

bool isIdentity(float4x4 p) {
    bool ok = true;
    for (uint r = 0; r < 4; ++r) {
        float4 e = 0;
        e[r] = 1;
        ok = ok && all(p[r] == e);
    }
    return ok;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float4x4 m = (float4x4)transpose(Mats[t]);
    float4x4 inv = inverse(m);
    float4 v = float4(t + 1, -1, 2, 0.5);
    float4 back = mul(inv, mul(m, v));
    float4 vm = mul(v, m);
    float row[26] = { determinant(m), inv, back, vm, isIdentity(mul(m, inv)) };
    for (uint k = 0; k < 26; ++k)
        Out[26 * t + k] = row[k];
}
