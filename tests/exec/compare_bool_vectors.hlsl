// Comparisons of vectors are component-wise and give bool vectors; any()/all() reduce
// them, and a bool vector converts to uint4 as 0/1 per component.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[2] = [1, 2, 3, 4,   4, 2, 1, 5]
// buffer u1 rw uint4[5] = 0
// buffer u2 rw uint[4] = 0
// expect u1 = [1, 0, 0, 1,   1, 1, 0, 1,   0, 1, 0, 0,   0, 0, 1, 0,   1, 0, 1, 1]
// expect u2 = [1, 0, 1, 1]
StructuredBuffer<float4> v : register(t0);
RWStructuredBuffer<uint4> dst : register(u1);
RWStructuredBuffer<uint> red : register(u2);

[numthreads(1, 1, 1)]
void main() {
    float4 a = v[0], b = v[1];
    bool4 lt = a < b;
    dst[0] = (uint4)lt;
    dst[1] = (uint4)(a <= b);
    dst[2] = (uint4)(a == b);
    dst[3] = (uint4)(a > b);
    dst[4] = (uint4)(a != b);
    red[0] = any(lt) ? 1u : 0u;
    red[1] = all(lt) ? 1u : 0u;
    red[2] = all(a != b + 100.0f) ? 1u : 0u;
    red[3] = any(a == b) ? 1u : 0u;
}
