// Multi-element matrix swizzles read and write several elements at once: _11_22_33 is
// the diagonal (1-based names), _m01_m10 two off-diagonal elements (0-based), and
// writing m._m00_m11 = float2(…) sets two elements. M = [[1,2,3],[4,5,6],[7,8,9]].
// peer-bug glslang: emits invalid SPIR-V for a multi-element matrix swizzle (spirv-val: OpStore type mismatch)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[9] = iota 1
// buffer u1 rw float[7] = 0
// expect u1 = [1, 5, 9,   2, 4,   -1, -5]
StructuredBuffer<float> e : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float3x3 m = float3x3(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
    float3 diag = m._11_22_33;
    float2 off = m._m01_m10;
    m._m00_m11 = float2(-1, -5);
    dst[0] = diag.x; dst[1] = diag.y; dst[2] = diag.z;
    dst[3] = off.x; dst[4] = off.y;
    dst[5] = m[0][0]; dst[6] = m[1][1];
}
