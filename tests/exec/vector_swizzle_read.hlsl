// Reading swizzles: reordering, repetition, single components, swizzles of swizzles,
// rgba names, and swizzles of scalars (x.xxx).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[1] = [1, 2, 3, 4]
// buffer u1 rw float[16] = 0
// expect u1 = [3, 2, 1,   1, 1, 2, 2,   4,   2, 3,   4, 1,   9, 9, 9,   2]
StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float4 v = src[0];
    float3 a = v.zyx;
    float4 b = v.xxyy;
    float c = v.w;
    float2 d = v.wzyx.zy;          // (4,3,2,1).zy = (2,3)
    float2 e = v.ar;               // (4,1)
    float s = 9.0f + v.x * 0.0f;
    float3 f = s.xxx;
    dst[0] = a.x; dst[1] = a.y; dst[2] = a.z;
    dst[3] = b.x; dst[4] = b.y; dst[5] = b.z; dst[6] = b.w;
    dst[7] = c;
    dst[8] = d.x; dst[9] = d.y;
    dst[10] = e.x; dst[11] = e.y;
    dst[12] = f.x; dst[13] = f.y; dst[14] = f.z;
    dst[15] = v[1];                // dynamic-style indexing of a vector
}
