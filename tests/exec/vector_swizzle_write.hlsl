// Writing through swizzles: v.xz = …, v.yx = … (reordered), v.w += …, a single
// component, and writing into a buffer element's swizzle (out[0].zw = …).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[1] = [1, 2, 3, 4]
// buffer u1 rw float4[3] = 0
// expect u1 = [10, 2, 30, 4,   6, 5, 3, 14,   0, 0, 7, 8]
StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float4> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float4 v = src[0];
    float4 w = v;
    v.xz = float2(10, 30);
    dst[0] = v;
    w.yx = float2(5, 6);           // w.y = 5, w.x = 6
    w.w += 10;                     // 14
    dst[1] = w;
    dst[2].zw = float2(7, 8);      // x, y stay 0
}
