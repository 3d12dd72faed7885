// HLSL 2021 operator overloads `operator[]` and `operator()` on a struct (Wicked Engine's
// `LinearDepthTextureEmulator` reads a texture through `operator[]`): `d[i]` calls the
// method with the index, on a local object and on a `static const` one; `d(i, j)` calls
// `operator()`. The operators read a member (scale = 2 for the local, 0 for the zeroed
// static) and src = [1, 10, 100, 1000]. Thread t:
//   dst[t] = d[t] + 3 * doubled[3 - t] + d(t, 0)
//          = 2 src[t] + 0 + (src[t] + src[0]) * 2
//          → t 0: 2 + 4 = 6; t 1: 20 + 22 = 42; t 2: 200 + 202 = 402; t 3: 2000 + 2002 = 4002
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [1, 10, 100, 1000]
// buffer u1 rw float[4] = 0
// expect u1 = [6, 42, 402, 4002]
// peer-bug glslang: glslang's HLSL front end has no operator overloading (HLSL 2021)
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

struct Doubler {
    float scale;
    float operator[](uint i) { return src[i] * scale; }
    float operator()(uint i, uint j) { return (src[i] + src[j]) * scale; }
};
static const Doubler doubled;

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Doubler d;
    d.scale = 2;
    dst[t] = d[t] + 3 * doubled[3 - t] + d(t, 0);
}
