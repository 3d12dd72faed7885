// A derived struct converts implicitly to its base (C++'s derived-to-base conversion, HLSL
// 2021 included): as an argument, in an initializer, through two levels of bases. The base
// part is the derived struct's first fields.
// scale(d) with d.a = 3 → 6; Base b = d → b.a = 3; scale(e) with e.a = 1.5 (e a Leaf : Mid :
// Base) → 3; first(e) reads Mid's own field m = 7.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[4] = 0
// expect u0 = [6, 3, 3, 7]
// peer-bug glslang: no struct inheritance
struct Base { float a; };
struct Derived : Base { float b; };
struct Mid : Base { float m; };
struct Leaf : Mid { float l; };

float scale(Base x) { return x.a * 2; }
float first(Mid x) { return x.m; }

RWStructuredBuffer<float> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    Derived d;
    d.a = 3;
    d.b = 100;
    o[0] = scale(d);
    Base b = d;
    o[1] = b.a;
    Leaf e;
    e.a = 1.5;
    e.m = 7;
    e.l = -1;
    o[2] = scale(e);
    o[3] = first(e);
}
