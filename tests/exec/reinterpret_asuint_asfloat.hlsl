// asuint/asint/asfloat reinterpret bits without conversion: asuint(1.0) = 0x3F800000,
// asuint(-0.0) = 0x80000000, asint(-2.0) = 0xC0000000, asfloat(0x7F800000) = +inf; a NaN
// payload (0x7FC00001) survives asfloat → asuint; asfloat(0x40490FDB) = 3.1415927.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[3] = [1.0, -0.0, -2.0]
// buffer t1 ro uint[3] = [0x7F800000, 0x7FC00001, 0x40490FDB]
// buffer u2 rw uint[5] = 0
// buffer u3 rw float[2] = 0
// expect u2 = [0x3F800000, 0x80000000, 0xC0000000, 0x7FC00001, 0x40800000]
// expect u3 = [inf, 3.1415927]
StructuredBuffer<float> f : register(t0);
StructuredBuffer<uint> u : register(t1);
RWStructuredBuffer<uint> bits : register(u2);
RWStructuredBuffer<float> floats : register(u3);

[numthreads(1, 1, 1)]
void main() {
    bits[0] = asuint(f[0]);
    bits[1] = asuint(f[1]);
    bits[2] = (uint)asint(f[2]);
    float payload = asfloat(u[1]);
    bits[3] = asuint(payload);
    bits[4] = asuint(asfloat(asuint(f[0]) + 0x01000000u));  // exponent + 2 → 4.0
    floats[0] = asfloat(u[0]);
    floats[1] = asfloat(u[2]);
}
