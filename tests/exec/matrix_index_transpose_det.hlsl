// m[1] is row 1; _m12 (0-based) and _23 (1-based) name row 1, column 2; transpose swaps rows and columns; determinant of
// [[2,0,1],[1,3,2],[1,1,2]] = 2(6-2) - 0 + 1(1-3) = 6 and of [[3,8],[4,6]] = 18-32 = -14.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[9] = iota 1
// buffer u1 rw float[11] = 0
// expect u1 = [4, 5, 6,   6, 6,   1, 4, 7,   6, -14,   8]
StructuredBuffer<float> e : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float3x3 m = float3x3(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
    float3 row1 = m[1];
    dst[0] = row1.x; dst[1] = row1.y; dst[2] = row1.z;
    dst[3] = m._m12;
    dst[4] = m._23;
    float3 col0 = transpose(m)[0];
    dst[5] = col0.x; dst[6] = col0.y; dst[7] = col0.z;
    float z = e[0] - 1.0f;   // 0, keeps the matrices non-constant
    float3x3 d3 = float3x3(2, z, 1, 1, 3, 2, 1, 1, 2);
    float2x2 d2 = float2x2(3, 8, 4, 6 + z);
    dst[8] = determinant(d3);
    dst[9] = determinant(d2);
    m[2][1] = m[2][1] * 1.0f;  // write through double index, value unchanged (8)
    dst[10] = m[2][1];
}
