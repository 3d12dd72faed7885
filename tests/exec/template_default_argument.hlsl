// A function template's default argument is only used (and checked) where a call leaves the
// argument out, as in C++: `Remap remap = IdentityRemap::create()` with `Remap` deduced as
// `DoubleRemap` from an explicit argument is fine. The template also takes a resource, so
// each call is specialised per buffer, inside the template's scope. Expected by hand:
// src = [1, 2, 3]: fetch(src, 1, DoubleRemap) = 4; fetch(src, 2, IdentityRemap) = 3.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro float[3] = [1, 2, 3]
// buffer u1 rw float[2] = 0
// expect u1 = [4, 3]
// peer-bug glslang: no templates (`template` is a reserved word to its HLSL front end)
struct IdentityRemap {
    static IdentityRemap create() { IdentityRemap r; return r; }
    float remap(float v) { return v; }
};
struct DoubleRemap {
    static DoubleRemap create() { DoubleRemap r; return r; }
    float remap(float v) { return 2 * v; }
};

template<typename Remap>
float fetch(StructuredBuffer<float> buf, uint i, Remap remap = IdentityRemap::create()) {
    return remap.remap(buf[i]);
}

StructuredBuffer<float> Src : register(t0);
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Out[0] = fetch(Src, 1, DoubleRemap::create());
    Out[1] = fetch(Src, 2, IdentityRemap::create());
}
