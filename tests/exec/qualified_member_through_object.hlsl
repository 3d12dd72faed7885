// A member named through the struct that declares it on an object (`d.B::id()`, `d.B::v`,
// C++'s qualified member access, which DXC accepts): the base's method and field even where
// the derived struct declares its own of the same name, read and written, a base method
// that changes the object (its write reaching the derived object), two levels of bases, an
// array element, and a template base (`w.Wrap<int>::get()`). By hand:
//   d: B::v = 1, D::v = 5 → d.id() = D::id = 10, d.B::id() = 1; d.B::bump() → B::v = 101,
//   D::v still 5; d.B::id() + d.D::id() = 111; e (E : D): e.B::v = 7, e.D::v = 3 →
//   e.B::id() = 7, e.D::id() = 6; arr[1].B::bump() on B::v = 2 → 102;
//   w (W : Wrap<int>) with x = 9 and W::x = 4: w.Wrap<int>::get() = 9, w.get() = 4 + 1 = 5;
//   on a ConstantBuffer<D> holding (4, 6): cb.B::v + 10·cb.B::id() + 100·cb.v = 644;
//   in E's method: this.B::id() + this.D::id() + B::v = 7 + 6 + 7 = 20
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[1] = [1]
// cbuffer b2 = i32 [4, 6]
// buffer u1 rw int[13] = 0
// expect u1 = [10, 1, 101, 5, 111, 7, 6, 102, 9, 5, 3, 644, 20]
// peer-bug glslang: no templates (and no qualified member names on objects)
struct B {
    int v;
    int id() { return v; }
    void bump() { v += 100; }
};
struct D : B {
    int v;
    int id() { return v * 2; }
};
struct E : D {
    int k;
    int sum() { return this.B::id() + this.D::id() + B::v; }
};

template <typename T>
struct Wrap {
    T x;
    T get() { return x; }
};
struct W : Wrap<int> {
    int x;
    int get() { return x + 1; }
};

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> o : register(u1);
ConstantBuffer<D> cb : register(b2);

[numthreads(1, 1, 1)]
void main() {
    int one = src[0];
    D d;
    d.B::v = one;
    d.v = 5;
    o[0] = d.id();
    o[1] = d.B::id();
    d.B::bump();
    o[2] = d.B::v;
    o[3] = d.v;
    o[4] = d.B::id() + d.D::id();
    E e;
    e.B::v = 7;
    e.D::v = 3;
    e.k = 0;
    o[5] = e.B::id();
    o[6] = e.D::id();
    D arr[2];
    arr[one].B::v = 2;
    arr[one].v = 0;
    arr[one].B::bump();
    o[7] = arr[1].B::v;
    W w;
    w.Wrap<int>::x = 9;
    w.x = 4;
    o[8] = w.Wrap<int>::get();
    o[9] = w.get();
    o[10] = e.D::v;
    o[11] = cb.B::v + 10 * cb.B::id() + 100 * cb.v;
    o[12] = e.sum();
}
