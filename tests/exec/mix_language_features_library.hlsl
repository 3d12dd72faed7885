// The language features shared engine libraries lean on, in one kernel: a namespace, a plain
// enum with an explicit value and an `enum class : uint`, a typedef, default arguments,
// `in out` spelled apart, `const` and `inline` functions, a function template with a type and
// a non-type parameter deduced from an array argument (`sumArr<float, 3>`), `vector<float, 3>`
// and `matrix<int, 2, 3>`, matrices built from vectors, flattening casts between a float4 and
// structs of four floats (`(S4)c`, `(float4)s2`, `(Pair)c`) and `(S4)0`, an unsized local
// array sized by its initializer, a static-const-sized array and `[numthreads(N * 2, 1, 1)]`,
// `true ? 1 : 2.5` (float, then 1 as int), `0.5h` and `1.0l` literals; struct inheritance
// (a derived struct calling the base's method, cast to the base, passed as the base), a
// template struct with a method and a static const member, a struct method looping over its
// array member, and a groupshared `row_major float2x3` array read by the neighbour. Per thread
// t (4 threads), by hand, 20 floats:
//   Math::sq(3) 9, withDefault(2) 4, withDefault(2, 3) 6, constParam(1) 2, inl(1) 3,
//   sumArr 6, Green 5, Mode::B 2, x after inOut 2, back.w 4, pr.q.y 4, s.a 0, p.x 1,
//   im._22 4, fm._21 3, sel 1, w.z 0.5, arr2[t] t + 1,
//   d.both() + b.get() + useBase + twice().y + K + sum = 5 + 2 + 1 + 4 + 3 + 6 = 21,
//   gM[(t + 1) & 3]._23 = 6 ((t + 1) & 3).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[80] = 0
// expect u0 = [9, 4, 6, 2, 3, 6, 5, 2, 2, 4, 4, 0, 1, 4, 3, 1, 0.5, 1, 21, 6,
//     9, 4, 6, 2, 3, 6, 5, 2, 2, 4, 4, 0, 1, 4, 3, 1, 0.5, 2, 21, 12,
//     9, 4, 6, 2, 3, 6, 5, 2, 2, 4, 4, 0, 1, 4, 3, 1, 0.5, 3, 21, 18,
//     9, 4, 6, 2, 3, 6, 5, 2, 2, 4, 4, 0, 1, 4, 3, 1, 0.5, 4, 21, 0]
// peer-bug glslang: `enum` is a reserved word (no enums)
RWStructuredBuffer<float> Out : register(u0);

struct S4 { float a, b, c, d; };
struct Pair { float2 p; float2 q; };

namespace Math {
    float sq(float x) { return x * x; }
}

enum Color { Red, Green = 5, Blue };
enum class Mode : uint { A = 1, B = 2 };
typedef float3 Pos;
static const uint N = 2;

float withDefault(float x, float k = 2.0) { return x * k; }
void inOut(in out float x) { x += 1; }
float constParam(const float x) { return x + 1; }
inline float inl(float x) { return x * 3; }

template<typename T, uint M>
T sumArr(T a[M]) {
    T s = 0;
    for (uint i = 0; i < M; ++i)
        s += a[i];
    return s;
}

struct Base {
    float a;
    float get() { return a * 2; }
};

struct Derived : Base {
    float b;
    float both() { return a + b + get(); }
};

template<typename T>
struct Box {
    T v;
    static const uint K = 3;
    T twice() { return v + v; }
};

struct WithArr {
    float vals[3];
    float sum() {
        float s = 0;
        [unroll] for (uint i = 0; i < 3; ++i)
            s += vals[i];
        return s;
    }
};

float useBase(Base b) { return b.a; }

groupshared row_major float2x3 gM[4];

[numthreads(N * 2, 1, 1)]
void main(uint t : SV_GroupIndex) {
    vector<float, 3> v = 1;
    matrix<int, 2, 3> m = 0;
    float4 c = float4(float2(1, 2), 3, 4);
    int2x2 im = int2x2(int2(1, 2), int2(3, 4));
    float2x2 fm = { float2(1, 2), float2(3, 4) };
    S4 s = (S4)0;
    S4 s2 = (S4)c;
    float4 back = (float4)s2;
    Pair pr = (Pair)c;
    float arr[] = { 1, 2, 3 };
    float arr2[N * 2];
    [unroll] for (uint k = 0; k < N * 2; ++k)
        arr2[k] = k + 1;
    int sel = true ? 1 : 2.5;
    Pos p = v;
    Color col = Green;
    Mode md = Mode::B;
    float x = 1;
    inOut(x);
    float4 w = float4(c.xy, 0.5h, 1.0l);

    Derived d;
    d.a = 1;
    d.b = 2;
    Base b = (Base)d;
    Box<float2> bx;
    bx.v = float2(1, 2);
    WithArr wa = { 1, 2, 3 };
    gM[t] = float2x3(1, 2, 3, 4, 5, 6) * t;
    GroupMemoryBarrierWithGroupSync();

    float vals[20] = {
        Math::sq(3), withDefault(2), withDefault(2, 3), constParam(1), inl(1),
        sumArr<float, 3>(arr), (float)col, (float)(uint)md, x, back.w,
        pr.q.y, s.a, p.x, (float)im._22, fm._21,
        (float)sel + m._11, w.z, arr2[t],
        d.both() + b.get() + useBase((Base)d) + bx.twice().y + Box<float2>::K + wa.sum(),
        gM[(t + 1) & 3][1][2],
    };
    for (uint i = 0; i < 20; ++i)
        Out[t * 20 + i] = vals[i];
}
