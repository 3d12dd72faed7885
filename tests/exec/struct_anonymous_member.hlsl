// An anonymous struct member (`struct { float b; float c; };` inside a struct, C11's and
// MSVC's anonymous struct, which DXC takes): its fields are members of the enclosing struct,
// while it keeps the layout of a nested struct. In a constant buffer it starts a new 16-byte
// register: R = { a@0, { b@16, c@20 }, d@24 }, so the cbuffer's floats [1, 0, 0, 0, 2, 3, 4]
// give a = 1, b = 2, c = 3, d = 4 (packed as plain members, b, c, d would read 0, 0, 0). In
// a structured buffer nothing is padded: S = { p@0, { q@4, r@8 }, s@12 }, stride 16, so
// element 0 of [5, 6, 7, 8] has q = 6, r = 7, s = 8. A local: l.b = 10, l.c = l.b + c = 13.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 0, 0, 0, 2, 3, 4]
// buffer t1 ro uint[4] = [5, 6, 7, 8]
// buffer u2 rw float[8] = 0
// expect u2 = [1, 2, 3, 4, 13, 6, 7, 8]
// peer-bug glslang: has no anonymous struct members (a parse error at `struct {`)
struct R {
    float a;
    struct {
        float b;
        float c;
    };
    float d;
};

struct S {
    uint p;
    struct {
        uint q;
        uint r;
    };
    uint s;
};

cbuffer C : register(b0) {
    R r;
};
StructuredBuffer<S> sb : register(t1);
RWStructuredBuffer<float> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    o[0] = r.a;
    o[1] = r.b;
    o[2] = r.c;
    o[3] = r.d;
    R l = (R)0;
    l.b = 10;
    l.c = l.b + r.c;
    o[4] = l.c;
    o[5] = sb[0].q;
    o[6] = sb[0].r;
    o[7] = sb[0].s;
}
