// Generic code over a struct template with overloaded operators (HLSL 2021): Vec2<T> with
// operator+, operator* (by a T), operator== and operator[], a static factory, a function
// template over Vec2<T> (deduced), a nested instance Pair<Vec2<int>, float>, a `using` alias
// and defaulted template arguments, each used with int and float. By hand, s = 3:
//   a = (1, 2), b = Vec2<int>::splat(3) = (3, 3): a + b * 2 = (7, 8); dot2(a, b) = 9;
//   (a + a)[1] = 4; a == b → 0, a == a → 1
//   f = (0.5, 1.5): f * 2.0 + f = (1.5, 4.5); dot2(f, f) = 2.5
//   Pair<Vec2<int>, float> p = {a, 0.25}: p.first[0] + p.second = 1.25
//   IVec c = a + a (IVec = Vec2<int>) → c[0] = 2; Fill<> (T = float, N = 3) sum of 1.5s = 4.5
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[1] = [3]
// buffer u1 rw float[13] = 0
// expect u1 = [7, 8, 9, 4, 0, 1, 1.5, 4.5, 2.5, 1.25, 2, 4.5, 3]
// peer-bug glslang: no templates
template <typename T>
struct Vec2 {
    T x;
    T y;
    static Vec2 splat(T v) {
        Vec2 r;
        r.x = v;
        r.y = v;
        return r;
    }
    Vec2 operator+(Vec2 o) {
        Vec2 r;
        r.x = x + o.x;
        r.y = y + o.y;
        return r;
    }
    Vec2 operator*(T k) {
        Vec2 r;
        r.x = x * k;
        r.y = y * k;
        return r;
    }
    bool operator==(Vec2 o) { return x == o.x && y == o.y; }
    T operator[](uint i) { return i == 0 ? x : y; }
};

template <typename T>
T dot2(Vec2<T> a, Vec2<T> b) { return a.x * b.x + a.y * b.y; }

template <typename A, typename B>
struct Pair {
    A first;
    B second;
};

using IVec = Vec2<int>;

template <typename T = float, uint N = 3>
struct Fill {
    T v[N];
    T sum() {
        T s = 0;
        for (uint i = 0; i < N; ++i)
            s += v[i];
        return s;
    }
};

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int s = src[0];
    Vec2<int> a;
    a.x = 1;
    a.y = 2;
    Vec2<int> b = Vec2<int>::splat(s);
    Vec2<int> r = a + b * 2;
    o[0] = r.x;
    o[1] = r.y;
    o[2] = dot2(a, b);
    o[3] = (a + a)[1];
    o[4] = a == b ? 1 : 0;
    o[5] = a == a ? 1 : 0;
    Vec2<float> f;
    f.x = 0.5;
    f.y = 1.5;
    Vec2<float> g = f * 2.0 + f;
    o[6] = g.x;
    o[7] = g.y;
    o[8] = dot2(f, f);
    Pair<Vec2<int>, float> p;
    p.first = a;
    p.second = 0.25;
    o[9] = p.first[0] + p.second;
    IVec c = a + a;
    o[10] = c[0];
    Fill<> fl;
    for (uint i = 0; i < 3; ++i)
        fl.v[i] = 1.5;
    o[11] = fl.sum();
    o[12] = b.x;
}
