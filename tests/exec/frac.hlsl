// frac(x) = x - floor(x), in [0, 1) also for negative x: frac(-1.25) = 0.75.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[1] = [2.75, -1.25, -3.0, 0.5]
// buffer u1 rw float4[1] = 0
// expect u1 = [0.75, 0.75, 0.0, 0.5]
StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float4> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = frac(src[0]);
}
