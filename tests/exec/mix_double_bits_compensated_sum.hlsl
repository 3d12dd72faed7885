// Double-precision accumulation as simulation and astronomy kernels write it: a scale read as
// two words and rebuilt with asdouble(lo, hi), its exponent taken from the high word's bits
// (`((hi >> 20) & 0x7FF) - 1023`) and its mantissa rebuilt in [1, 2) by replacing the
// exponent bits; a Kahan-compensated sum of 16 float samples times the scale with `precise`
// doubles (so no step is contracted or reassociated), the naive double sum beside it, a float
// sum of the samples, and the compensated sum split back with asuint(d, lo, hi) and rounded to
// float. Samples mix 1e-8 with 1e8 and small values, so the two double sums differ in the
// last bits for some scales. Nine words per scale: compensated (lo, hi), naive (lo, hi),
// exponent, mantissa's high word, float sum bits, (float) compensated bits, (s > naive) | (s
// == naive) << 1.
// Expected values: tests/exec/mix/models.py (double_bits_compensated_sum; Python doubles).
// requires f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint2[4] = [2576980378, 1069128089, 0, 1074266112, 3539053052, 3209716301, 0,
//     1083179520]
// buffer t1 ro float[16] = [1.0, 1e-8, 1e-8, 1e-8, 3.25, -2.0, 1e-8, 1e-8, 1e8, 1.0, -1e8, 0.5,
//     1e-8, 1e-8, 7.0, 1e-8]
// buffer u2 rw uint[36] = 0
// expect u2 = [894314639, 1072771891, 894314639, 1072771891, 4294967292, 1073322393, 1089470464,
//     1065982362, 2, 37832198, 1077944320, 37832198, 1077944320, 1, 1073217536, 1089470464,
//     1107361792, 2, 2521461083, 3213231128, 2521461082, 3213231128, 4294967286, 3220202061,
//     1089470464, 3157270725, 0, 42062569, 1086685872, 42062568, 1086685872, 10, 1072693760,
//     1089470464, 1177294208, 1]
// xfail hlslc-wgsl: `precise` cannot be expressed in WGSL (hlslc warns W0807): lavapipe contracts x * d - c and x * d + naive into fmas and simplifies the compensation, so both double sums change (algo_kahan_sum); the SPIR-V target marks them NoContraction and passes
// peer-bug glslang: no `asuint(double, out uint, out uint)`
StructuredBuffer<uint2> Scales : register(t0);
StructuredBuffer<float> Samples : register(t1);
RWStructuredBuffer<uint> Out : register(u2);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint2 b = Scales[t];
    double d = asdouble(b.x, b.y);
    int e = (int)((b.y >> 20) & 0x7FF) - 1023;
    double mant = asdouble(b.x, (b.y & 0x800FFFFF) | 0x3FF00000);

    precise double s = 0, c = 0, naive = 0;
    float fs = 0;
    for (uint i = 0; i < 16; ++i) {
        float x = Samples[i];
        precise double y = (double)x * d - c;
        precise double next = s + y;
        c = (next - s) - y;
        s = next;
        naive += (double)x * d;
        fs += x;
    }

    uint o = t * 9;
    uint lo, hi;
    asuint(s, lo, hi);
    Out[o + 0] = lo;
    Out[o + 1] = hi;
    asuint(naive, lo, hi);
    Out[o + 2] = lo;
    Out[o + 3] = hi;
    Out[o + 4] = e;
    asuint(mant, lo, hi);
    Out[o + 5] = hi;
    Out[o + 6] = asuint(fs);
    Out[o + 7] = asuint((float)s);
    Out[o + 8] = (uint)(s > naive) | (uint)(s == naive) << 1;
}
