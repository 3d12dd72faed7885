// 3x3 matrix inverses from a cbuffer holding one column_major and one row_major float3x3
// (a register per column / per row, float3 + padding) and a float packed into the tail of
// the last register (offset 92). Thread i picks a matrix with a ternary on matrices, builds
// the cofactors from cross products of rows (m[r] is a row), det = dot(row 0, cofactor 0),
// the inverse as transpose(float3x3(c0, c1, c2)) * (1 / det), and checks mul(M, inverse).
// Output per matrix: inverse * scale (row by row), det, the product. Both determinants
// are 1; the tolerance (1e-6 absolute) allows 1 / det at Vulkan's 2.5 ulp.
// Expected values: tests/exec/algo/models.py (matrix_inverse3).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw float[38] = 0
// peer-bug glslang: rounds B up to whole registers (std140), so `scale` is read past its offset 92 (see cbuffer_tail_packing)
// cbuffer b0 = f32 [2, 1, 3, 0, 1, 1, -2, 0, 0, 0, 1, 0, 1, 2, 3, 0,
//     0, 1, 4, 0, 5, 6, 0, 2]
// expect u1 ~ abs 1e-6 = [2, -2, 0, -2, 4, 0, -10, 14, 2, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1,
//     -48, 36, 10, 40, -30, -8, -10, 8, 2, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1]
cbuffer Matrices : register(b0) {
    float3x3 A;
    row_major float3x3 B;
    float scale;
};
RWStructuredBuffer<float> Out : register(u1);

float3x3 inverse3(float3x3 m, out float det) {
    float3 c0 = cross(m[1], m[2]);
    float3 c1 = cross(m[2], m[0]);
    float3 c2 = cross(m[0], m[1]);
    det = dot(m[0], c0);
    return transpose(float3x3(c0, c1, c2)) * (1.0 / det);
}

[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex) {
    float3x3 m = i == 0 ? A : B;
    float det;
    float3x3 inv = inverse3(m, det);
    float3x3 scaled = inv * scale;
    float3x3 product = mul(m, inv);
    uint base = i * 19;
    for (uint r = 0; r < 3; ++r) {
        for (uint c = 0; c < 3; ++c) {
            Out[base + r * 3 + c] = scaled[r][c];
            Out[base + 10 + r * 3 + c] = product[r][c];
        }
    }
    Out[base + 9] = det;
}
