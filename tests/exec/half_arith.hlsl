// 16-bit floats with -enable-16bit-types (half is a real 16-bit type; without the flag it
// means float): RWStructuredBuffer<half> has 2-byte elements; 1 + 2^-10 is exact
// (0x3C01), 1 + 2^-12 rounds back to 1.0, 65504 * 2 overflows to inf; half → float
// conversion is exact. (Subnormal half arithmetic is not asserted: Vulkan may flush it.)
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16
// buffer t0 ro f16[4] = [1.0, 0.0009765625, 65504.0, 0.000244140625]
// buffer u1 rw f16[4] = 0
// buffer u2 rw float[2] = 0
// expect u1 = [0x3C01, 0x3C00, 0x7C00, 0xB800]
// expect u2 = [1.0009765625, 65504.0]
StructuredBuffer<half> src : register(t0);
RWStructuredBuffer<half> dst : register(u1);
RWStructuredBuffer<float> wide : register(u2);

[numthreads(1, 1, 1)]
void main() {
    half one = src[0], eps = src[1], big = src[2], quarter_eps = src[3];
    dst[0] = one + eps;                   // 1 + 2^-10
    dst[1] = one + quarter_eps;           // 1 + 2^-12 → 1
    dst[2] = big * 2.0h;                  // inf
    dst[3] = -one * 0.5h;                 // -0.5
    wide[0] = (float)(one + eps);
    wide[1] = (float)big;
}
