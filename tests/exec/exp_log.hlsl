// exp, exp2, log, log2, log10. Expected values: Python's math on the f32 inputs, rounded to
// f32 (log(f32(e)) is 0.99999994 because f32(e) < e). Tolerance: rel 1e-6 or 4 ulp, and
// abs 1e-6 near zero (Vulkan: exp/exp2 3 + 2|x| ulp; log/log2 3 ulp, or 2^-21 absolute
// inside [0.5, 2]). log(0) = -inf, exp2(-inf) = 0 exactly.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[3] = [1.0, -2.5, 0.5]
// buffer t1 ro float[3] = [3.0, -1.5, 0.1]
// buffer t2 ro float[3] = [2.7182818284590452, 10.0, 0.5]
// buffer t3 ro float[3] = [8.0, 3.0, 0.1]
// buffer t4 ro float[3] = [1000.0, 2.0, 0.5]
// buffer u5 rw float[15] = 0
// buffer u6 rw float[2] = 0
// expect u5 ~ 4ulp rel 1e-6 abs 1e-6 = [
//     2.7182817459106445, 0.08208499848842621, 1.6487212181091309,
//     8.0, 0.3535533845424652, 1.0717734098434448,
//     0.9999999403953552, 2.3025851249694824, -0.6931471824645996,
//     3.0, 1.5849624872207642, -3.321928024291992,
//     3.0, 0.3010300099849701, -0.3010300099849701]
// expect u6 = [-inf, 0.0]
StructuredBuffer<float> e_in : register(t0);
StructuredBuffer<float> e2_in : register(t1);
StructuredBuffer<float> l_in : register(t2);
StructuredBuffer<float> l2_in : register(t3);
StructuredBuffer<float> l10_in : register(t4);
RWStructuredBuffer<float> dst : register(u5);
RWStructuredBuffer<float> special : register(u6);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 3; ++i) {
        dst[i] = exp(e_in[i]);
        dst[3 + i] = exp2(e2_in[i]);
        dst[6 + i] = log(l_in[i]);
        dst[9 + i] = log2(l2_in[i]);
        dst[12 + i] = log10(l10_in[i]);
    }
    special[0] = log(e_in[0] - 1.0f);          // log(0) = -inf
    special[1] = exp2(-1.0f / (e_in[0] - 1.0f)); // exp2(-inf) = 0
}
