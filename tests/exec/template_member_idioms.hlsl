// C++ idioms in struct templates as generic HLSL 2021 code writes them: a member function
// template called with explicit arguments (`a.as<int>()`) and, on a dependent object, with the
// `.template` disambiguator (`v.template as<float>()`, an E0214 parse error until gen7); an
// operator< used by a function template; a method returning `this`; a nested struct, an
// enum, a `using` alias and a static const member named through an instance
// (`Vec2<float>::Inner`, `Vec2<float>::KB`, `Vec2<int>::Size`, `typename V::Elem`); a
// derived template calling its dependent base through `this`; a StructuredBuffer and a
// groupshared array of instances. Thread i (4 threads) writes 8 values, by hand, with
// a = (1.5, 2), b = (3, 0):
//   a.as<int>() = (int)3.5 = 3; conv(a) = 3.5; maxOf(a, b).x = 3 (1.5 < 3);
//   a.self().y + KB + Size = 2 + 5 + 2 = 9; Inner{0.25}.q + firstOf(a) = 1.75;
//   Der<int>{b = i}.twice() = 2i; sb[i].y + sizeof(Vec2<int>) = (2i + 1) + 8 (sb = iota);
//   gv[(i + 1) % 4].x with gv[k].x = 10k
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro float[8] = iota
// buffer u1 rw float[32] = 0
// expect u1 = [3, 3.5, 3, 9, 1.75, 0, 9, 10,   3, 3.5, 3, 9, 1.75, 2, 11, 20,
//              3, 3.5, 3, 9, 1.75, 4, 13, 30,  3, 3.5, 3, 9, 1.75, 6, 15, 0]
// peer-bug glslang: no templates
template <typename T>
struct Vec2 {
    T x;
    T y;
    using Elem = T;
    static const uint Size = 2;
    template <typename U>
    U as() { return (U)(x + y); }
    bool operator<(Vec2 o) { return x < o.x; }
    Vec2 self() { return this; }
    struct Inner {
        T q;
    };
    enum Kind { KA, KB = 5 };
};

template <typename T>
T maxOf(T a, T b) { return a < b ? b : a; }

template <typename V>
typename V::Elem firstOf(V v) { return v.x; }

template <typename V>
float conv(V v) { return v.template as<float>(); }

template <typename T>
struct Base {
    T b;
    T get() { return b; }
};
template <typename T>
struct Der : Base<T> {
    T twice() { return this.get() * 2; }
};

StructuredBuffer<Vec2<float> > sb : register(t0);
RWStructuredBuffer<float> o : register(u1);

groupshared Vec2<int> gv[4];

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Vec2<float> a;
    a.x = 1.5;
    a.y = 2;
    Vec2<float> b;
    b.x = 3;
    b.y = 0;
    o[8 * i + 0] = a.as<int>();
    o[8 * i + 1] = conv(a);
    o[8 * i + 2] = maxOf(a, b).x;
    o[8 * i + 3] = a.self().y + Vec2<float>::KB + Vec2<int>::Size;
    Vec2<float>::Inner inr;
    inr.q = 0.25;
    o[8 * i + 4] = inr.q + firstOf(a);
    Der<int> d;
    d.b = (int)i;
    o[8 * i + 5] = d.twice();
    o[8 * i + 6] = sb[i].y + sizeof(Vec2<int>);
    gv[i].x = 10 * (int)i;
    gv[i].y = 0;
    GroupMemoryBarrierWithGroupSync();
    o[8 * i + 7] = gv[(i + 1) % 4].x;
}
