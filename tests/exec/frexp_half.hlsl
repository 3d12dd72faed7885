// frexp on native 16-bit floats (-enable-16bit-types), scalar and vector: the mantissa keeps
// the sign and lies in [0.5, 1), the exponent is written as a half. Inputs are floats that
// are exact halves (half(0.1) = 1638.5 / 16384 rounds to 0x2E66 = 0.0999755859375); values
// by hand: 12 = 0.75 * 2^4, 0x2E66 = 0.7998046875 * 2^-3, 1 = 0.5 * 2^1,
// -0.375 = -0.75 * 2^-1, 65504 (the largest half) = 0.99951171875 * 2^16. Every mantissa
// has at most 11 significant bits, so all results are exact in half and in float.
// requires f16
// peer-bug glslang: frexp of a half vector returns a float vector (cannot convert to float16_t)
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// buffer t0 ro float[6] = [12.0, -12.0, 0.0999755859375, 1.0, -0.375, 65504.0]
// buffer u1 rw float[12] = 0
// expect u1 = [0.75, -0.75, 0.7998046875, 0.5, -0.75, 0.99951171875,
//              4, 4, -3, 1, -1, 16]
StructuredBuffer<float> x : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 2; ++i) {
        half e;
        o[i] = frexp((half)x[i], e);
        o[6 + i] = e;
    }
    half4 v = half4(x[2], x[3], x[4], x[5]);
    half4 ev;
    half4 m = frexp(v, ev);
    o[2] = m.x; o[3] = m.y; o[4] = m.z; o[5] = m.w;
    o[8] = ev.x; o[9] = ev.y; o[10] = ev.z; o[11] = ev.w;
}
