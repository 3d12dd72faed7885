// Summation accuracy in one thread over 256 floats (10000 followed by small values): a
// naive float sum, Kahan compensated summation with `precise` variables (the
// compensation (t - sum) - y must be neither reassociated nor simplified away), and a
// double accumulator narrowed to float. Float add/sub are correctly rounded in Vulkan and
// nothing here may be contracted (no multiplies), so every result is bit-exact; the last
// value is Kahan minus naive (the error the compensation recovers).
// Expected values: tests/exec/algo/models.py (kahan_sum, f32 step by step).
// requires f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw float[4] = 0
// xfail hlslc-wgsl: `precise` cannot be expressed in WGSL (hlslc warns W0807); lavapipe then simplifies the compensation (t - sum) - y to 0 and Kahan equals the naive sum. The SPIR-V target marks the operations NoContraction and passes
// buffer t0 ro float[256] = [10000, 0.02, 0.05, 0.07, 0.06, 0.05, 0.01, 0.06, 0.01, 0.03, 0.06, 0.02, 0.02, 0.03, 0.02, 0.04,
//     0.02, 0.06, 0.04, 0.06, 0.07, 0.07, 0.05, 0.06, 0.06, 0.03, 0.07, 0.03, 0.03, 0.07, 0.05, 0.05,
//     0.03, 0.04, 0.03, 0.06, 0.06, 0.05, 0.03, 0.01, 0.07, 0.05, 0.06, 0.03, 0.04, 0.01, 0.03, 0.05,
//     0.07, 0.02, 0.07, 0.01, 0.03, 0.04, 0.02, 0.04, 0.03, 0.02, 0.04, 0.04, 0.05, 0.06, 0.02, 0.04,
//     0.07, 0.07, 0.06, 0.04, 0.06, 0.01, 0.02, 0.02, 0.04, 0.03, 0.03, 0.03, 0.07, 0.02, 0.06, 0.07,
//     0.03, 0.07, 0.04, 0.01, 0.06, 0.02, 0.02, 0.03, 0.07, 0.02, 0.05, 0.04, 0.04, 0.01, 0.01, 0.05,
//     0.01, 0.07, 0.05, 0.07, 0.06, 0.06, 0.06, 0.03, 0.04, 0.02, 0.02, 0.03, 0.03, 0.06, 0.06, 0.02,
//     0.03, 0.05, 0.07, 0.01, 0.07, 0.06, 0.05, 0.02, 0.06, 0.02, 0.07, 0.07, 0.07, 0.05, 0.04, 0.07,
//     0.01, 0.06, 0.07, 0.01, 0.04, 0.07, 0.06, 0.06, 0.07, 0.02, 0.01, 0.01, 0.06, 0.02, 0.03, 0.01,
//     0.05, 0.04, 0.07, 0.01, 0.03, 0.04, 0.07, 0.04, 0.06, 0.05, 0.06, 0.07, 0.03, 0.07, 0.06, 0.07,
//     0.04, 0.04, 0.04, 0.06, 0.05, 0.01, 0.01, 0.05, 0.01, 0.03, 0.02, 0.03, 0.01, 0.05, 0.07, 0.02,
//     0.01, 0.07, 0.07, 0.07, 0.02, 0.04, 0.07, 0.04, 0.03, 0.04, 0.03, 0.02, 0.01, 0.05, 0.03, 0.07,
//     0.02, 0.06, 0.07, 0.04, 0.02, 0.01, 0.07, 0.06, 0.04, 0.01, 0.04, 0.04, 0.06, 0.03, 0.07, 0.07,
//     0.01, 0.01, 0.05, 0.07, 0.05, 0.01, 0.02, 0.03, 0.02, 0.01, 0.04, 0.02, 0.06, 0.07, 0.03, 0.06,
//     0.01, 0.06, 0.05, 0.06, 0.05, 0.06, 0.01, 0.01, 0.02, 0.03, 0.01, 0.01, 0.04, 0.05, 0.05, 0.03,
//     0.01, 0.05, 0.02, 0.02, 0.03, 0.03, 0.02, 0.03, 0.01, 0.03, 0.06, 0.03, 0.03, 0.04, 0.04, 0.07]
// expect u1 = [10010.349, 10010.37, 10010.37, 0.021484375]
StructuredBuffer<float> Values : register(t0);
RWStructuredBuffer<float> Sums : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float naive = 0;
    precise float sum = 0;
    precise float compensation = 0;
    double wide = 0;
    for (uint i = 0; i < 256; ++i) {
        float v = Values[i];
        naive += v;
        precise float y = v - compensation;
        precise float t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
        wide += v;
    }
    Sums[0] = naive;
    Sums[1] = sum;
    Sums[2] = (float)wide;
    Sums[3] = sum - naive;
}
