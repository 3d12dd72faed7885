// `*` between two matrices (and matrix * scalar) is component-wise in HLSL; the matrix
// product is mul(). S = [[1,2],[3,4]]: S * S = [[1,4],[9,16]], S * 2 = [[2,4],[6,8]].
// peer-bug glslang: `matrix * matrix` becomes OpMatrixTimesMatrix (GLSL semantics), giving mul(S, S) = [[7,10],[15,22]]
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = iota 1
// buffer u1 rw float[8] = 0
// expect u1 = [1, 4, 9, 16,   2, 4, 6, 8]
StructuredBuffer<float> e : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float2x2 s = float2x2(e[0], e[1], e[2], e[3]);
    float2x2 cw = s * s;
    float2x2 sc = s * 2.0f;
    dst[0] = cw._11; dst[1] = cw._12; dst[2] = cw._21; dst[3] = cw._22;
    dst[4] = sc._11; dst[5] = sc._12; dst[6] = sc._21; dst[7] = sc._22;
}
