// Three rules an SH library (SHforHLSL's `SH.hlsli`) relies on, as DXC applies them:
// - a parameter written with an alias template (`Band1<T, N>` for `Coeffs<T, N, 1>`) deduces
//   `T` and `N` through the alias, and the alias's own argument picks the overload:
//   Blend((4, 8, 12), 0, 0.25).y = 8 * 0.75 = 6; the `Band2` one keeps C[8] = 2 (lerp(2, 2)).
// - `vector<T, N>` deduces nothing from a scalar, so `project(d, 3)` calls the `T value`
//   overload: d.x * 3 + 1 = 2 * 3 + 1 = 7; with a `float2` the vector one: d.x * 4 = 8.
// - a field written `vector<T, 1>` (a scalar in hlslc) is indexable, at a run-time index 0:
//   C[k] = k + 1, so C[3][i] = 4, C[1][0] = 2, Sum(i) = C[0][i] + C[1][i] = 3; an element of a
//   `float1` array arr[1][i] = 6, a `float1` field p.a[i] = 7.
// exec: -T cs_6_2 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[9] = 0
// expect u0 = [6, 2, 7, 8, 4, 2, 3, 6, 7]
// peer-bug glslang: no templates (`template` is a reserved word to its HLSL front end)
template<typename T, int N, int L> struct Coeffs
{
    vector<T, N> C[L == 1 ? 4 : 9];
    T Sum(int i) { return C[0][i] + C[1][i]; }
};
template<typename T, int N = 1> using Band1 = Coeffs<T, N, 1>;
template<typename T, int N = 1> using Band2 = Coeffs<T, N, 2>;
template<typename T, int N> Band1<T, N> Blend(Band1<T, N> x, Band1<T, N> y, T s) { Band1<T, N> r = x; r.C[0] = lerp(x.C[0], y.C[0], s); return r; }
template<typename T, int N> Band2<T, N> Blend(Band2<T, N> x, Band2<T, N> y, T s) { Band2<T, N> r = x; r.C[8] = lerp(x.C[8], y.C[8], s); return r; }

template<typename T, int N> vector<T, N> project(vector<T, 3> d, vector<T, N> value) { return d.x * value; }
template<typename T> vector<T, 1> project(vector<T, 3> d, T value) { return project<T, 1>(d, value) + 1; }

struct Pair { float1 a; float b; };

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Band1<float, 3> a = (Band1<float, 3>)0;
    a.C[0] = float3(4, 8, 12);
    Out[0] = Blend(a, (Band1<float, 3>)0, 0.25f).C[0].y;
    Band2<float> c = (Band2<float>)0;
    c.C[8] = 2;
    Out[1] = Blend(c, c, 0.5f).C[8];

    float3 d = float3(2, 0, 0);
    Out[2] = project(d, 3.0f).x;
    Out[3] = project(d, float2(3, 4)).y;

    Coeffs<float, 1, 1> s;
    for (int k = 0; k < 4; ++k)
        s.C[k] = k + 1;
    float1 arr[2] = { 5.0, 6.0 };
    Pair p;
    p.a = 7;
    p.b = 8;
    uint i = id.x;
    Out[4] = s.C[3][i];
    Out[5] = s.C[1][0];
    Out[6] = s.Sum(i);
    Out[7] = arr[1][i];
    Out[8] = p.a[i];
}
