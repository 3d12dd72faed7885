// sin, cos, tan, sincos (out parameters), asin, acos, atan, atan2. Values from Python's
// math on the f32 inputs, rounded to f32. Vulkan allows 2^-11 absolute error for sin/cos
// in [-pi, pi] (tan, asin, … inherit more), so the tolerance is abs 1e-3 (well below any
// real error) or rel 1e-5.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [0.5, -1.0, 3.0, 0.0]
// buffer u1 rw float[17] = 0
// expect u1 ~ abs 1e-3 rel 1e-5 = [
//     0.4794255495071411, -0.8414709568023682, 0.14112000167369843, 0.0,
//     0.8775825500488281, 0.5403022766113281, -0.9899924993515015, 1.0,
//     0.5463024973869324, -1.5574077367782593, 0.25534191727638245,
//     0.4794255495071411, 0.8775825500488281,
//     0.5235987901687622, 1.8234765529632568, 1.1071487665176392, -2.356194496154785]
StructuredBuffer<float> x : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 4; ++i) {
        dst[i] = sin(x[i]);
        dst[4 + i] = cos(x[i]);
    }
    dst[8] = tan(x[0]);
    dst[9] = tan(x[1]);
    dst[10] = tan(x[0] * 0.5f);
    float s, c;
    sincos(x[0], s, c);
    dst[11] = s;
    dst[12] = c;
    dst[13] = asin(x[0]);
    dst[14] = acos(x[0] * -0.5f);            // acos(-0.25)
    dst[15] = atan(-2.0f * x[1]);            // atan(2)
    dst[16] = atan2(x[1], x[1]);             // atan2(-1, -1) = -3pi/4
}
