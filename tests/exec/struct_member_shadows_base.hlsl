// A derived struct's member hides a base member of the same name (C++), which stays in the
// base part: d.b is Derived's own `b`; converting to Base reads Base's `b`; a method of
// Derived sees its own `b`.
// Derived d = { 1, 2, 30, 4 } (base a, base b, own b, c; HLSL initializer lists are flat)
// → d.b = 30, ((Base)d).b = 2, d.sum() = a + b + c = 1 + 30 + 4 = 35, base_b(d) = 2.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[4] = 0
// expect u0 = [30, 2, 35, 2]
// peer-bug glslang: no struct inheritance
struct Base {
    float a;
    float b;
};

struct Derived : Base {
    float b;
    float c;
    float sum() { return a + b + c; }
};

float base_b(Base x) { return x.b; }

RWStructuredBuffer<float> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    Derived d = { 1, 2, 30, 4 };
    o[0] = d.b;
    o[1] = ((Base)d).b;
    o[2] = d.sum();
    o[3] = base_b(d);
}
