// HLSL 2021: round() is half to even for constants too (round(2.5) = 2), as at run time.
// Companion of compat_round_constant_2016.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[2] = [2.5, -2.5]
// buffer u1 rw float[4] = 0
// expect u1 = [2.0, -2.0, 2.0, -2.0]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = round(2.5);
    dst[1] = round(-2.5);
    dst[2] = round(src[0]);
    dst[3] = round(src[1]);
}
