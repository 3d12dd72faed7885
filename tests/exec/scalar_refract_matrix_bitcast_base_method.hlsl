// Lowerings that naga cannot take directly: reflect/refract on scalars (naga's builtins take
// vectors: computed on (x, 0) and read back from .x), determinant of a float1x1 (its element),
// asuint/asfloat on matrices (cast row by row), and a base struct's method called on a derived
// object (the derived struct starts with the base's fields: the method runs on a copy that is
// written back). Expected values by hand: reflect(0.5, 1) = 0.5 - 2*1*0.5*1 = -0.5;
// refract(-1, 1, 0.5): d = -1, k = 1 - 0.25*(1 - 1) = 1, 0.5*-1 - (0.5*-1 + 1)*1 = -1;
// refract(-0.5, 1, 2): k = 1 - 4*(1 - 0.25) < 0 gives 0; determinant((float1x1)3.5) = 3.5;
// asuint(1, 2, -1, 0.5) = 0x3f800000, 0x40000000, 0xbf800000, 0x3f000000; asfloat of
// uint1x2(0x40400000, 0xc0a00000) = (3, -5); B.Set(4) then B.Get() = 8 with w kept at 7.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[10] = 0
// buffer u1 rw uint[4] = 0
// expect u0 = [-0.5, -1.0, 0.0, 3.5, 3.0, -5.0, 4.0, 8.0, 7.0, 1.0]
// expect u1 = [1065353216, 1073741824, 3212836864, 1056964608]
// peer-bug glslang: rejects reflect/refract on scalars (HLSL parsing fails)
RWStructuredBuffer<float> f : register(u0);
RWStructuredBuffer<uint> u : register(u1);

struct A {
    float v;
    void Set(float x) { v = x; }
    float Get() { return v * 2; }
};
struct B : A {
    float w;
};

[numthreads(1, 1, 1)]
void main() {
    float one = f[9] + 1.0; // 1, not foldable
    f[0] = reflect(0.5 * one, one);
    f[1] = refract(-one, one, 0.5);
    f[2] = refract(-0.5 * one, one, 2.0);
    float1x1 m1 = 3.5 * one;
    f[3] = determinant(m1);
    uint1x2 bits = uint1x2(0x40400000, 0xc0a00000);
    float1x2 back = asfloat(bits);
    f[4] = back[0][0];
    f[5] = back[0][1];
    float2x2 m = float2x2(one, 2 * one, -one, 0.5 * one);
    uint2x2 mb = asuint(m);
    u[0] = mb[0][0];
    u[1] = mb[0][1];
    u[2] = mb[1][0];
    u[3] = mb[1][1];
    B b;
    b.v = 0;
    b.w = 7;
    b.Set(4 * one);
    f[6] = b.v;
    f[7] = b.Get();
    f[8] = b.w;
    f[9] = one;
}
