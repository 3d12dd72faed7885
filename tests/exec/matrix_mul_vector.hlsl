// mul(v, M) treats v as a row vector (r_j = Σ_i v_i M[i][j]); mul(M, v) as a column vector
// (r_i = Σ_j M[i][j] v_j). float3x3(a..i) fills rows in order (row-major notation).
// M = [[1,2,3],[4,5,6],[7,8,9]], v = (1,0,2):
//   mul(v, M) = M[0] + 2 M[2] = (15, 18, 21); mul(M, v) = (1+6, 4+12, 7+18) = (7, 16, 25).
// Non-square: mul(float2 u, float2x3 N) = u0 N[0] + u1 N[1] with N = [[1,2,3],[4,5,6]],
// u = (1, -1) → (-3, -3, -3); mul(N, float3(1,1,1)) = (6, 15).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[9] = iota 1
// buffer u1 rw float[11] = 0
// expect u1 = [15, 18, 21,   7, 16, 25,   -3, -3, -3,   6, 15]
StructuredBuffer<float> e : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float3x3 m = float3x3(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
    float3 v = float3(1, 0, 2);
    float3 r = mul(v, m);
    float3 c = mul(m, v);
    float2x3 n = float2x3(e[0], e[1], e[2], e[3], e[4], e[5]);
    float3 rn = mul(float2(1, -1), n);
    float2 cn = mul(n, float3(1, 1, 1));
    dst[0] = r.x; dst[1] = r.y; dst[2] = r.z;
    dst[3] = c.x; dst[4] = c.y; dst[5] = c.z;
    dst[6] = rn.x; dst[7] = rn.y; dst[8] = rn.z;
    dst[9] = cn.x; dst[10] = cn.y;
}
