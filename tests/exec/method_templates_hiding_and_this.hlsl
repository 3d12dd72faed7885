// Methods (HLSL 2021, C++ rules as DXC keeps them): a plain method beats a member template
// instance that converts as well, the template serves what the plain one would convert; methods
// are not virtual, so a base method calling `id()` calls the base's even on a derived value whose
// own `id()` hides it; `this` is the object's value, copied by `S r = this`, so a chain of
// calls returning modified copies leaves the original alone; a static method is called through
// the type and through an instance; a template struct's operator works per instance.
// By hand: o0 s.f(int) → plain 1 | o1 s.f(uint) → template 2 | o2 s.f(float2) → template 2 |
// o3 d.who() → B::id 1 | o4 d.id() → D::id 2 | o5 ((B)d).id() → 1 | o6 c.inc().inc().v with
// c.v = 5 → 7 | o7 c.v → 5 | o8 S::twice(4) = 8 | o9 s.twice(5) = 10 |
// o10 (P<int>{3} + P<int>{4}).x = 7 | o11 (P<float>{1.5} + P<float>{2}).x * 2 = 7
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t1 ro int[2] = [3, 4]
// buffer u0 rw uint[12] = 0
// expect u0 = [1, 2, 2, 1, 2, 1, 7, 5, 8, 10, 7, 7]
// peer-bug glslang: does not compile: `template` is a reserved word in its HLSL front end
// peer-bug slang: does not compile: no C++ `template` declarations (Slang has generics instead)
StructuredBuffer<int> I : register(t1);
RWStructuredBuffer<uint> o : register(u0);

struct S {
    uint f(int x) { return 1; }
    template <typename T>
    uint f(T x) { return 2; }
    static uint twice(uint x) { return x * 2; }
};

struct B {
    uint id() { return 1; }
    uint who() { return id(); }
};
struct D : B {
    uint id() { return 2; }
};

struct C {
    uint v;
    C inc() {
        C r = this;
        r.v += 1;
        return r;
    }
};

template <typename T>
struct P {
    T x;
    P<T> operator+(P<T> q) {
        P<T> r;
        r.x = x + q.x;
        return r;
    }
};

[numthreads(1, 1, 1)]
void main() {
    S s;
    int i = I[0];
    uint u = (uint)I[1];
    o[0] = s.f(i);
    o[1] = s.f(u);
    o[2] = s.f(float2(i, u));
    D d;
    o[3] = d.who();
    o[4] = d.id();
    o[5] = ((B)d).id();
    C c;
    c.v = (uint)I[0] + 2;
    o[6] = c.inc().inc().v;
    o[7] = c.v;
    o[8] = S::twice(4);
    o[9] = s.twice(5);
    P<int> a, b;
    a.x = I[0];
    b.x = I[1];
    o[10] = (uint)(a + b).x;
    P<float> fa, fb;
    fa.x = 1.5;
    fb.x = (float)I[1] * 0.5;
    o[11] = (uint)((fa + fb).x * 2);
}
