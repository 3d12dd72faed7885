// Writes through a row of a matrix cast and through an index with side effects into a
// swizzle (k = 1 from the buffer). DXC keeps a cast that drops trailing rows and columns of a
// matrix place an lvalue, so `((float3x3)m)[r]` is the first three components of row r of m;
// and the index of `v.wzy[i++]` is evaluated once. By hand:
//   m (4x3) = 0; ((float3x3)m)[1] = (1, 2, 3) -> m[1] = (1, 2, 3)
//   ((float2x2)m)[k + 1] = (4, 5) -> m[2] = (4, 5, 0)
//   ((float3x2)m)[0] += (7, 8) -> m[0] = (7, 8, 0);  m[3] stays (0, 0, 0)
//   v = (10, 20, 30, 40); i = k = 1
//   v.wzy[i++] = 50 -> component 1 of (w, z, y) is z: v.z = 50, i = 2
//   v.xy[i++ - 2] += 5 -> index 0 is x: v.x = 15, i = 3
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [1]
// buffer u1 rw float[17] = 0
// expect u1 = [7, 8, 0,  1, 2, 3,  4, 5, 0,  0, 0, 0,  15, 20, 50, 40,  3]
// peer-bug glslang: glslangValidator rejects a matrix cast as an lvalue (`((float3x3)m)[1] = …`: "l-value required"), which DXC accepts
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint k = src[0];
    float4x3 m = 0;
    ((float3x3)m)[1] = float3(1, 2, 3);
    ((float2x2)m)[k + 1] = float2(4, 5);
    ((float3x2)m)[0] += float2(7, 8);
    float4 v = float4(10, 20, 30, 40);
    uint i = k;
    v.wzy[i++] = 50;
    v.xy[i++ - 2] += 5;
    for (uint r = 0; r < 4; r++) {
        for (uint c = 0; c < 3; c++) {
            dst[r * 3 + c] = m[r][c];
        }
    }
    for (uint j = 0; j < 4; j++) {
        dst[12 + j] = v[j];
    }
    dst[16] = i;
}
