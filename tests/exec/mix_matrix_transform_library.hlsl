// A small transform library over a StructuredBuffer of `Xform { row_major float3x4 m;
// float4 q; }` (64-byte records): the affine transform of a point by mul(m, float4(p, 1)),
// its inverse through the upper-left float3x3 (a truncating cast) inverted by cofactors
// (cross products of its rows, transposed, divided by `determinant`), the linear part as
// mul(float4(p, 0), transpose(m)) (the other multiplication order), a quaternion turned into
// a float3x3 (column-vector convention) applied as mul(p, R) (row vector: R^T p), and that
// matrix turned back into a quaternion by the four-branch trace method (the second record's
// quaternion has w = 0 and takes the y branch; both have w >= 0, so the sign comes back).
// Per thread (record i & 1, point P[i]): world(3), local(3), det, linear(3), R^T p (3),
// quaternion(4). Tolerance abs 1e-5: quaternion entries like 0.28 are not exact in f32 and
// sqrt/division are correctly rounded or within 3 ulp under Vulkan's rules.
// Expected values: tests/exec/mix/models.py (matrix_transform_library).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[32] = [2, 0, 0, 1, 0, 0, -1, 2, 0, 3, 0, -1, 0, 0, 0.6, 0.8, 0, 1, 0, 0.5,
//     -1, 0, 0, 0, 0, 0, 0.5, 4, 0.28, 0.96, 0, 0]
//     -1, 0, 0, 0, 0, 0, 0.5, 4, 0.28, 0.96, 0, 0]
// buffer t1 ro float[12] = [1, 2, 3, -0.5, 0.25, 4, 3, -1, 0.5, 0, 0, -2]
// buffer u2 rw float[68] = 0
// expect u2 ~ abs 1e-5 = [3, -1, 5, 1, 2, 3, 6, 2, -3, 6, 2.2, -0.4, 3, 0, 0, 0.6, 0.8, 0.75,
//     0.5, 6, -0.5, 0.25, 4, 0.5, 0.25, 0.5, 2, 0.556, -0.058, -4, 0.28, 0.96, 0, 0, 7, 1.5,
//     -4, 3, -1, 0.5, 6, 6, -0.5, -3, -0.12, -3.16, 0.5, 0, 0, 0.6, 0.8, 0.5, 0, 3, 0, 0, -2,
//     0.5, 0, 0, -1, 0, 0, 2, 0.28, 0.96, 0, 0]
// peer-bug glslang: does not flatten vectors into a brace initializer of a float array (initializer_flatten)
struct Xform {
    row_major float3x4 m;
    float4 q;
};

StructuredBuffer<Xform> X : register(t0);
StructuredBuffer<float3> P : register(t1);
RWStructuredBuffer<float> Out : register(u2);

float3x3 quatToMatrix(float4 q) {
    float x = q.x, y = q.y, z = q.z, w = q.w;
    return float3x3(1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
                    2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                    2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y));
}

float4 matrixToQuat(float3x3 r) {
    float tr = r._11 + r._22 + r._33;
    if (tr > 0) {
        float s = sqrt(tr + 1) * 2;
        return float4(r[2][1] - r[1][2], r[0][2] - r[2][0], r[1][0] - r[0][1], s * s / 4) / s;
    }
    if (r._11 > r._22 && r._11 > r._33) {
        float s = sqrt(1 + r._11 - r._22 - r._33) * 2;
        return float4(s * s / 4, r._12 + r._21, r._13 + r._31, r._32 - r._23) / s;
    }
    if (r._22 > r._33) {
        float s = sqrt(1 + r._22 - r._11 - r._33) * 2;
        return float4(r._12 + r._21, s * s / 4, r._23 + r._32, r._13 - r._31) / s;
    }
    float s = sqrt(1 + r._33 - r._11 - r._22) * 2;
    return float4(r._13 + r._31, r._23 + r._32, s * s / 4, r._21 - r._12) / s;
}

float3x3 inverseByCofactors(float3x3 m) {
    float3 r0 = m[0], r1 = m[1], r2 = m[2];
    float3x3 adj = transpose(float3x3(cross(r1, r2), cross(r2, r0), cross(r0, r1)));
    return adj / determinant(m);
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Xform x = X[i & 1];
    float3 p = P[i];
    float3 world = mul(x.m, float4(p, 1));
    float3x3 upper = (float3x3)x.m;
    float3 local = mul(inverseByCofactors(upper), world - float3(x.m._14, x.m._24, x.m._34));
    float3 rowv = mul(float4(p, 0), transpose(x.m));
    float3x3 R = quatToMatrix(x.q);
    float3 v2 = mul(p, R);
    float4 q2 = matrixToQuat(R);

    float results[17] = { world, local, determinant(upper), rowv, v2, q2 };
    [unroll]
    for (uint k = 0; k < 17; ++k)
        Out[17 * i + k] = results[k];
}
