// Deterministic fixed-point math as lockstep simulation code writes it: a Q16.16 `Fixed`
// struct (HLSL 2021) with static factories and overloaded `+ - * / <`, multiplication and
// division through int64_t (arithmetic `>>` of a negative product, truncating signed 64-bit
// division, wrap-around on the casts back to int), a Newton square root in a loop of
// Fixed operations, and a Horner-free polynomial x - x^3/6 + x^5/120 whose large
// intermediate values wrap in 32 bits exactly as the model's. Per pair (a, b) of raw values:
// (a + b), (a * b), (a / b), sqrt(|a|) (8 Newton steps from max(|a|, 1.0)), the polynomial,
// a < b. All integer: exact.
// Expected values: tests/exec/mix/models.py (fixed_point_q16).
// requires int64
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[16] = [98304, 163840, -131072, 49152, 300000, -70000, 6553, 655360,
//     -917504, -32768, 1, 65536, 205887, 102944, -12345, 54321]
// buffer u1 rw int[48] = 0
// expect u1 = [262144, 245760, 39321, 80264, 65587, 1, -81920, -98304, -174762, 92681, -61167,
//     1, 230000, -320435, -280868, 140216, 350017, 0, 661913, 65530, 655, 20723, 6543, 1,
//     -950272, 458752, 1835008, 245213, 21661833, 1, 65537, 1, 1, 335, 1, 1, 308831, 323407,
//     131071, 116159, 34344, 0, 41976, -10233, -14893, 28443, -12272, 1]
// peer-bug glslang: no operator overloading, no `int64_t`
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u1);

struct Fixed {
    int raw;

    static Fixed fromRaw(int r) {
        Fixed f;
        f.raw = r;
        return f;
    }
    static Fixed fromInt(int i) { return fromRaw(i << 16); }

    Fixed operator+(Fixed b) { return fromRaw(raw + b.raw); }
    Fixed operator-(Fixed b) { return fromRaw(raw - b.raw); }
    Fixed operator*(Fixed b) { return fromRaw((int)(((int64_t)raw * b.raw) >> 16)); }
    Fixed operator/(Fixed b) { return fromRaw((int)(((int64_t)raw << 16) / b.raw)); }
    bool operator<(Fixed b) { return raw < b.raw; }
};

Fixed fixedSqrt(Fixed v) {
    if (v.raw == 0)
        return v;
    Fixed one = Fixed::fromInt(1);
    Fixed x = one < v ? v : one;
    for (int i = 0; i < 8; ++i)
        x = Fixed::fromRaw((x + v / x).raw >> 1);
    return x;
}

Fixed sinPoly(Fixed x) {
    Fixed x3 = x * x * x;
    Fixed x5 = x3 * x * x;
    return x - x3 / Fixed::fromInt(6) + x5 / Fixed::fromInt(120);
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Fixed a = Fixed::fromRaw(In[2 * t]);
    Fixed b = Fixed::fromRaw(In[2 * t + 1]);
    Fixed absA = Fixed::fromRaw(abs(a.raw));
    int row[6] = { (a + b).raw, (a * b).raw, (a / b).raw, fixedSqrt(absA).raw, sinPoly(a).raw, a < b };
    for (uint k = 0; k < 6; ++k)
        Out[6 * t + k] = row[k];
}
