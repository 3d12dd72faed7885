// Gaussian elimination with partial pivoting on four 4x4 systems (one per thread): the
// coefficients live in a local float4x4 whose rows are swapped by dynamic index
// (m[k] <-> m[p]) and updated with row arithmetic (m[r] -= f * m[k]), element access
// m[r][k] with two dynamic indices, the right-hand side in a local float array, back
// substitution with dot() over a partially filled float4. Output per system: x, then the
// pivot row chosen at each step (no near-ties: the largest candidates differ by >= 0.5).
// Tolerance 1e-3 absolute: well-conditioned systems with |x| <= 5 in f32 (division at
// 2.5 ulp) stay within 1e-5; a wrong pivot or row is off by whole units.
// Expected values: tests/exec/algo/models.py (gauss_solve_systems; exact solutions).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw float[32] = 0
// buffer t0 ro float[80] = [0, 2, 1, 1, -0.5, 4, 1, 0, 2, 3, 1, 3, 5, 0, 10, 2, 0, 1, 6, 8,
//     1, 1, 1, 1, 5, 1, -1, 2, 0, 0, 3, 0, 1, -2, -3, 0, 4, -1, 1, 5,
//     2, -1, 0, 0, -7, -1, 2, -1, 0, 4, 0, -1, 2, -1, 0, 0, 0, -1, 2, 1,
//     0, 0, 3, 1, -4, 0, 5, 1, 0, 23, 2, 1, 0, 0, 5.5, 1, 0, 0, 4, 8.25]
// expect u1 ~ abs 0.001 = [1, -2, 3, 0.5, 1, 2, 2, 3, 2, 0, -1, 4, 2, 3, 3, 3,
//     -3, 1, 1, 1, 0, 1, 2, 3, 0.25, 5, -2, 2, 2, 1, 2, 3]
StructuredBuffer<float> Systems : register(t0);
RWStructuredBuffer<float> Out : register(u1);

[numthreads(4, 1, 1)]
void main(uint s : SV_GroupIndex) {
    float4x4 m;
    float rhs[4];
    for (uint r = 0; r < 4; ++r) {
        uint base = s * 20 + r * 5;
        m[r] = float4(Systems[base], Systems[base + 1], Systems[base + 2], Systems[base + 3]);
        rhs[r] = Systems[base + 4];
    }
    uint pivots[4];
    for (uint k = 0; k < 4; ++k) {
        uint p = k;
        for (uint r2 = k + 1; r2 < 4; ++r2)
            if (abs(m[r2][k]) > abs(m[p][k]))
                p = r2;
        pivots[k] = p;
        float4 row = m[p];
        m[p] = m[k];
        m[k] = row;
        float t = rhs[p];
        rhs[p] = rhs[k];
        rhs[k] = t;
        for (uint r3 = k + 1; r3 < 4; ++r3) {
            float f = m[r3][k] / m[k][k];
            m[r3] -= f * m[k];
            rhs[r3] -= f * rhs[k];
        }
    }
    float4 x = 0;
    for (int k2 = 3; k2 >= 0; --k2)
        x[k2] = (rhs[k2] - dot(m[k2], x)) / m[k2][k2];
    for (uint c = 0; c < 4; ++c) {
        Out[s * 8 + c] = x[c];
        Out[s * 8 + 4 + c] = pivots[c];
    }
}
