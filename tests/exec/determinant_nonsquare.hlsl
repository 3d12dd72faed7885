// determinant of a non-square matrix: DXC's `determinant(in float_like<r, r>)` takes the
// smaller dimension for both, so the argument truncates to its upper-left square block
// (1xN and Nx1 to their first element). hlslc rejected it (E0510) until vkd3d's
// determinant.shader_test showed DXC's value (a float3x4's upper-left 3x3).
// Elements come from a buffer (row by row) so nothing folds. Hand-derived:
//   float2x3 rows (1,2,3),(4,5,6)               -> det [[1,2],[4,5]] = 5 - 8 = -3
//   float3x2 rows (1,2),(3,4),(5,6)             -> det [[1,2],[3,4]] = 4 - 6 = -2
//   float4x3 rows (2,0,1),(1,3,2),(1,1,4),(9,9,9) -> 2(12 - 2) - 0 + 1(1 - 3) = 18
//   float1x3 (7,8,9) -> 7;  float2x1 (3,4) -> 3
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[12] = [1, 2, 3, 4, 5, 6, 2, 0, 1, 1, 3, 2]
// buffer t1 ro float[6] = [1, 1, 4, 9, 9, 9]
// buffer u2 rw float[5] = 0
// expect u2 = [-3, -2, 18, 7, 3]
// peer-bug glslang: determinant of a non-square matrix does not compile
StructuredBuffer<float> a : register(t0);
StructuredBuffer<float> b : register(t1);
RWStructuredBuffer<float> results : register(u2);

[numthreads(1, 1, 1)]
void main() {
    float2x3 m23 = float2x3(a[0], a[1], a[2], a[3], a[4], a[5]);
    float3x2 m32 = float3x2(a[0], a[1], a[2], a[3], a[4], a[5]);
    float4x3 m43 = float4x3(a[6], a[7], a[8], a[9], a[10], a[11], b[0], b[1], b[2], b[3], b[4], b[5]);
    float1x3 m13 = float1x3(7 * a[0], a[4] + 3, a[5] + 3);
    float2x1 m21 = float2x1(a[2], a[3]);
    results[0] = determinant(m23);
    results[1] = determinant(m32);
    results[2] = determinant(m43);
    results[3] = determinant(m13);
    results[4] = determinant(m21);
}
