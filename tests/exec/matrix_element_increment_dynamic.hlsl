// Increments, compound assignments and swizzled writes on matrix elements and rows chosen
// by constant and run-time indices (i = 1, j = 2 from a buffer), on a local float3x3, a
// row_major local float2x2 and a float3 indexed at run time. By hand, m starts as rows
// (1,2,3) (4,5,6) (7,8,9):
//   m._m12++ → m[1][2] = 7;  ++m[2][0] → 8;  m[i][j] += 10 → m[1][2] = 17
//   m[j] *= 2 → row 2 = (16, 16, 18);  m[0].zx = m[i].xy → m[0][2] = 4, m[0][0] = 5
//   r = m[i][j]-- → r = 17, m[1][2] = 16            final rows (5,2,4) (4,5,16) (16,16,18)
//   q = [[1,2],[3,4]], q[i] = q[i - 1] + q._m11 → q[1] = (5, 6)
//   v = (1,1,1): v[j]++ → (1,1,2); v[i] = v[j]++ → v[1] = 2 (the old v[2]), v[2] = 3
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[2] = [1, 2]
// buffer u1 rw float[17] = 0
// expect u1 = [5, 2, 4,  4, 5, 16,  16, 16, 18,  17,  1, 2, 5, 6,  1, 2, 3]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint i = src[0], j = src[1];
    float3x3 m = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
    m._m12++;
    ++m[2][0];
    m[i][j] += 10;
    m[j] *= 2;
    m[0].zx = m[i].xy;
    float r = m[i][j]--;
    for (uint a = 0; a < 3; ++a)
        for (uint b = 0; b < 3; ++b)
            o[a * 3 + b] = m[a][b];
    o[9] = r;
    row_major float2x2 q = float2x2(1, 2, 3, 4);
    q[i] = q[i - 1] + q._m11;
    o[10] = q._m00; o[11] = q._m01; o[12] = q._m10; o[13] = q._m11;
    float3 v = float3(1, 1, 1);
    v[j]++;
    v[i] = v[j]++;
    o[14] = v.x; o[15] = v.y; o[16] = v.z;
}
