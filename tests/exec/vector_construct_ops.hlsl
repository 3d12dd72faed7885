// Vector constructors from mixed pieces, scalar broadcast in arithmetic, component-wise
// * and /, implicit truncation float4 → float2 (keeps .xy), and int vector arithmetic.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[1] = [1, 2, 3, 4]
// buffer u1 rw float4[4] = 0
// buffer u2 rw int4[1] = 0
// expect u1 = [1, 2, 3, 4,   2, 4, 6, 8,   0.5, 1, 1.5, 2,   1, 2, 1, 4]
// expect u2 = [-1, 0, 3, 9]
StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float4> dst : register(u1);
RWStructuredBuffer<int4> idst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    float4 v = src[0];
    dst[0] = float4(v.x, v.yz, v.w);
    dst[1] = v * 2;                                    // broadcast
    dst[2] = v / float4(2, 2, 2, 2);
    float2 t = (float2)v;                              // truncation keeps x, y
    dst[3] = float4(t, t.x, v.w) * float4(1, 1, 1, 1);
    int4 i = int4(v) - int4(2, 2, 0, -5);
    idst[0] = i;                                       // (1-2, 2-2, 3-0, 4+5)
}
