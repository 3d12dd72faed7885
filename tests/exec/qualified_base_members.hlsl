// `Base::member` and `Base::method()` inside a method of a derived struct name the base part of
// `this`, as in C++ (also through a template base, `Arr<T>::m`), and pick the base's method
// even where the derived struct declares one of the same name. Expected by hand: both() runs
// A::setA (a = 5) and sets b = A::a + 1 = 6; viaBase() is A::getA() * 10 = 50; B's own setA
// then writes 7; Ext<uint>::first() reads Arr<uint>::m[0] = 9.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[5] = 0
// expect u0 = [5, 6, 50, 7, 9]
// peer-bug glslang: does not see a base struct's members in a derived struct's methods
struct A {
    uint a;
    void setA() { a = 5; }
    uint getA() { return a; }
};

struct B : A {
    uint b;
    void setA() { a = 7; }
    void both() {
        A::setA();
        b = A::a + 1;
    }
    uint viaBase() { return A::getA() * 10; }
};

template<typename T> struct Arr { T m[2]; };
template<typename T> struct Ext : Arr<T> {
    T first() { return Arr<T>::m[0]; }
};

RWStructuredBuffer<uint> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
    B x;
    x.a = 0;
    x.b = 0;
    x.both();
    output[0] = x.a;
    output[1] = x.b;
    output[2] = x.viaBase();
    x.setA();
    output[3] = x.a;
    Ext<uint> e;
    e.m[0] = 9;
    e.m[1] = 1;
    output[4] = e.first();
}
