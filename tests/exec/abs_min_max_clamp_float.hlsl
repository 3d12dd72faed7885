// abs/min/max/clamp on floats, component-wise on vectors; abs(-0.0) is +0.0 and
// min(-0.0, 1.0) is -0.0. clamp(-0.0, 0, 1) may give either zero (IEEE max of ±0 is
// unspecified), so u2 is compared with `~ 0ulp`, which treats -0 and +0 as equal.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[2] = [-1.5, 2.0, -0.0, 7.25,   0.5, -3.0, 1.0, 7.0]
// buffer u1 rw float4[3] = 0
// buffer u2 rw float4[2] = 0
// expect u1 = [1.5, 2.0, 0.0, 7.25,   -1.5, -3.0, -0.0, 7.0,   0.5, 2.0, 1.0, 7.25]
// expect u2 ~ 0ulp = [0.0, 1.0, 0.0, 1.0,   -1.0, 1.0, 0.0, 5.0]
StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float4> dst : register(u1);
RWStructuredBuffer<float4> clamped : register(u2);

[numthreads(1, 1, 1)]
void main() {
    float4 a = src[0], b = src[1];
    dst[0] = abs(a);
    dst[1] = min(a, b);
    dst[2] = max(a, b);
    clamped[0] = clamp(a, 0.0f, 1.0f);
    clamped[1] = clamp(a, float4(-1, -1, 0, 0), float4(1, 1, 1, 5));
}
