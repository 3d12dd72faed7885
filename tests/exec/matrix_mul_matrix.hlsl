// mul(A, B) is the matrix product (for `*`, component-wise, see matrix_star_componentwise).
// A = [[1,2,3],[4,5,6]] (2x3), B = [[7,8],[9,10],[11,12]] (3x2):
//   mul(A, B) = [[58, 64], [139, 154]]; mul(B, A) row 0 = 7*[1,2,3] + 8*[4,5,6] = [39, 54, 69].
// S = [[1,2],[3,4]]: mul(S, S) = [[7,10],[15,22]].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[12] = iota 1
// buffer u1 rw float[11] = 0
// expect u1 = [58, 64, 139, 154,   39, 54, 69,   7, 10, 15, 22]
StructuredBuffer<float> e : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float2x3 a = float2x3(e[0], e[1], e[2], e[3], e[4], e[5]);
    float3x2 b = float3x2(e[6], e[7], e[8], e[9], e[10], e[11]);
    float2x2 ab = mul(a, b);
    float3x3 ba = mul(b, a);
    float2x2 s = float2x2(e[0], e[1], e[2], e[3]);
    float2x2 ss = mul(s, s);
    dst[0] = ab[0][0]; dst[1] = ab[0][1]; dst[2] = ab[1][0]; dst[3] = ab[1][1];
    dst[4] = ba[0].x; dst[5] = ba[0].y; dst[6] = ba[0].z;
    dst[7] = ss._m00; dst[8] = ss._m01; dst[9] = ss._m10; dst[10] = ss._m11;
}
