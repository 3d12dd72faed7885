// Writing through an index into a swizzle or a matrix-element list, with constant and
// run-time indices (k = 1 from the buffer). By hand:
//   v = (1, 2, 3, 4); v.wy[1] = 20 -> v.y = 20;  v.zx[k] += 5 -> v.x = 6;
//   v.zx[k - 1] *= 2 -> v.z = 6;  so v = (6, 20, 6, 4)
//   m (2x3) = 0; m._m11_m02[0] = 7 -> m[1][1] = 7;  m._m00_m12_m01[k] = 9 -> m[1][2] = 9;
//   m._m00_m12_m01[k + 1] = 4 -> m[0][1] = 4;  so m = [[0, 4, 0], [0, 7, 9]]
//   reads: v.wy[k] = v.y = 20, m._m12_m01[k] = m[0][1] = 4
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [1]
// buffer u1 rw float[12] = 0
// expect u1 = [6, 20, 6, 4,  0, 4, 0,  0, 7, 9,  20, 4]
// peer-bug glslang: glslangValidator crashes (SIGSEGV) on an index into a matrix-element list (`m._m11_m02[0] = 7`)
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint k = src[0];
    float4 v = float4(1, 2, 3, 4);
    v.wy[1] = 20;
    v.zx[k] += 5;
    v.zx[k - 1] *= 2;
    float2x3 m = 0;
    m._m11_m02[0] = 7;
    m._m00_m12_m01[k] = 9;
    m._m00_m12_m01[k + 1] = 4;
    for (uint i = 0; i < 4; i++) {
        dst[i] = v[i];
    }
    for (uint r = 0; r < 2; r++) {
        for (uint c = 0; c < 3; c++) {
            dst[4 + r * 3 + c] = m[r][c];
        }
    }
    dst[10] = v.wy[k];
    dst[11] = m._m12_m01[k];
}
