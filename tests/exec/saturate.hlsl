// saturate(x) = clamp(x, 0, 1) on floats (NaN input is not asserted: D3D returns 0, SPIR-V
// FClamp with NaN is undefined).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[6] = [-2.0, 0.0, 0.25, 1.0, 1.5, inf]
// buffer u1 rw float[6] = 0
// expect u1 = [0.0, 0.0, 0.25, 1.0, 1.0, 1.0]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(6, 1, 1)]
void main(uint i : SV_GroupIndex) {
    dst[i] = saturate(src[i]);
}
