// One-component vectors and matrices are scalars in hlslc's types, yet HLSL indexes them:
// `float1 v; v[0]`, `float1x1 m; m[0][0]`, the rows of a `float3x1` (`r[2][0]`), a `float1`
// parameter, and `vector<T, 1>` in a template (`<vector_utils>`'s `slice`, whose body indexes
// it). By hand: v = 2.5, m = 4, r's row 2 holds 7, the parameter 1.5, the slice of
// (1, 2, 3, 4) at 3 is 4; a run-time index 0 reads the same component; a store through v[0].
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro float[4] = [1, 2, 3, 4]
// buffer u1 rw float[7] = 0
// expect u1 = [2.5, 4.0, 7.0, 1.5, 4.0, 2.5, 9.0]
// peer-bug glslang: has no embedded `<vector_utils>` header
#include <vector_utils>

StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

float first(float1 p) { return p[0]; }

[numthreads(1, 1, 1)]
void main() {
    float1 v = 2.5;
    float1x1 m = 4;
    float3x1 r = float3x1(5, 6, 7);
    uint zero = (uint)src[0] - 1;
    dst[0] = v[0];
    dst[1] = m[0][0];
    dst[2] = r[2][0];
    dst[3] = first(1.5);
    float4 all = float4(src[0], src[1], src[2], src[3]);
    float1 last = hlsl::slice<3, 1>(all);
    dst[4] = last[0];
    dst[5] = v[zero];
    v[0] = 9;
    dst[6] = v;
}
