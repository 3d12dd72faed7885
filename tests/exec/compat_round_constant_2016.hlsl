// HLSL 2016 folds round() of a constant half away from zero, as FXC did (round(2.5) = 3,
// round(-2.5) = -3), while round() at run time is half to even (2, -2) in every version.
// Values by hand. Companion: compat_round_constant_2021.
// exec: -T cs_6_0 -E main -HV 2016 dispatch 1 1 1
// buffer t0 ro float[2] = [2.5, -2.5]
// buffer u1 rw float[4] = 0
// expect u1 = [3.0, -3.0, 2.0, -2.0]
// peer-bug glslang: no HLSL 2016 mode; constant round(2.5) folds to 2
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = round(2.5);
    dst[1] = round(-2.5);
    dst[2] = round(src[0]);
    dst[3] = round(src[1]);
}
