// asdouble(lo, hi) builds a double from two words (scalar and vector forms), and fma on
// doubles, split back with asuint(d, lo, hi). fma(1.5, 10, -1) = 14 = 0x402c0000_00000000.
// D3D's double fma has a single rounding, but Vulkan's GLSL.std.450 Fma (what DXC's SPIR-V
// back end, glslang and naga emit) may round twice — lavapipe does — so the inputs are exact
// in both (README: "fma on doubles").
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires f64
// buffer t0 ro uint[6] = [0, 0x40080000, 0, 0xc0040000, 10, 0x3ff80000]
// buffer u1 rw uint[8] = 0
// expect u1 = [0, 0x40080000, 0, 0xc0040000, 0, 0x402c0000, 0, 0]
// peer-bug glslang: rejects the vector form of asdouble (uint2, uint2)
StructuredBuffer<uint> w : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    double three = asdouble(w[0], w[1]);
    double2 pair = asdouble(uint2(w[0], w[2]), uint2(w[1], w[3]));   // (3.0, -2.5)
    uint lo, hi;
    asuint(three, lo, hi);
    o[0] = lo; o[1] = hi;
    asuint(pair.y, lo, hi);
    o[2] = lo; o[3] = hi;
    double fused = fma(asdouble(w[0], w[5]), (double)w[4], -1.0);
    asuint(fused, lo, hi);
    o[4] = lo; o[5] = hi;
    asuint(pair.x - three, lo, hi);                                  // +0.0
    o[6] = lo; o[7] = hi;
}
