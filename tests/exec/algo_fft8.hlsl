// 8-point radix-2 decimation-in-time FFT of four real signals, one per thread, on a Complex
// struct with overloaded +, - and * member operators (HLSL 2021): bit-reversed load with
// reversebits(n) >> 29, three butterfly stages with twiddles from sincos, results as
// (re, im) pairs. Tolerance: Vulkan's sin/cos are 2^-11 absolute on [-pi, pi]; a twiddle
// error e scales by the operand (|x| <= 31 here) in each of 3 stages, so the bound is
// 3 * 31 * 2 * 2^-11 < 0.1 absolute (a wrong twiddle or order is off by whole units).
// Expected values: tests/exec/algo/models.py (fft8, Python's cmath DFT).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u1 rw float[64] = 0
// peer-bug glslang: no operator overloading in its HLSL front end
// buffer t0 ro float[32] = [1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
//     0, 1, 2, 3, 4, 5, 6, 7, 3, -1, 4, 1, -5, 9, 2, -6]
// expect u1 ~ abs 0.1 = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0,
//     8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     28, 0, -4, 9.656855, -4, 4, -4, 1.6568543, -4, 0, -4, -1.6568543, -4, -4, -4, -9.656855,
//     7, 0, -4.0208154, 0.121320345, -8, -13, 20.020815, 4.1213202, 1, 0, 20.020815, -4.1213202, -8, 13, -4.0208154, -0.121320345]
StructuredBuffer<float> Signal : register(t0);
RWStructuredBuffer<float> Spectrum : register(u1);

struct Complex {
    float re;
    float im;

    Complex operator+(Complex b) {
        Complex r;
        r.re = re + b.re;
        r.im = im + b.im;
        return r;
    }
    Complex operator-(Complex b) {
        Complex r;
        r.re = re - b.re;
        r.im = im - b.im;
        return r;
    }
    Complex operator*(Complex b) {
        Complex r;
        r.re = re * b.re - im * b.im;
        r.im = re * b.im + im * b.re;
        return r;
    }
};

Complex makeComplex(float re, float im) {
    Complex c;
    c.re = re;
    c.im = im;
    return c;
}

static const float PI = 3.14159265358979;

[numthreads(4, 1, 1)]
void main(uint s : SV_GroupIndex) {
    Complex x[8];
    for (uint n = 0; n < 8; ++n)
        x[reversebits(n) >> 29] = makeComplex(Signal[s * 8 + n], 0);
    for (uint size = 2; size <= 8; size <<= 1) {
        uint halfSize = size / 2;
        for (uint start = 0; start < 8; start += size) {
            for (uint k = 0; k < halfSize; ++k) {
                float sn, cs;
                sincos(-2.0 * PI * k / size, sn, cs);
                Complex t = makeComplex(cs, sn) * x[start + k + halfSize];
                Complex u = x[start + k];
                x[start + k] = u + t;
                x[start + k + halfSize] = u - t;
            }
        }
    }
    for (uint m = 0; m < 8; ++m) {
        Spectrum[s * 16 + 2 * m] = x[m].re;
        Spectrum[s * 16 + 2 * m + 1] = x[m].im;
    }
}
