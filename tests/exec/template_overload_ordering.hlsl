// Overload resolution between function templates and plain functions (HLSL 2021: clang's C++
// rules, which DXC keeps in SemaOverload's isBetterOverloadCandidate): where two candidates
// convert every argument equally well, a plain function beats a template instance
// ([over.match.best]), and of two instances the one from the more specialized template wins by
// partial ordering ([temp.func.order]): `kind(vector<T, 2>)` over `kind(vector<T, N>)` over
// `kind(T)`, `kind(Box<T>)` over `kind(T)`. `kind(vector<T, 2>)` is no candidate for a float3
// (deduction needs the parameter to come out as the argument's type). Explicit template
// arguments leave only the templates (`kind<int>(i)`). hlslc reported these calls ambiguous
// (E0504) before. By hand (typed variables, no literals): o0 kind(int) → plain, 2 |
// o1 kind(uint) → the template with T = uint, 1 (the plain one needs a conversion) |
// o2 kind(float2) → 3 | o3 kind(float3) → 4 + 3 = 7 | o4 kind(Box<int>) → 10 | o5 kind<int>(i)
// → 1 | o6 kind(int2) → 3 | o7 kind(bool) → 1 | o8 total(int3(1, 2, 3)) through
// `total(vector<T, N>)` = 6 | o9 total(float4(1, 2, 3, 4) * 0.5) = 5.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t1 ro int[4] = [1, 2, 3, 4]
// buffer u0 rw uint[10] = 0
// expect u0 = [2, 1, 3, 7, 10, 1, 3, 1, 6, 5]
// peer-bug glslang: does not compile: `template` is a reserved word in its HLSL front end
// peer-bug slang: does not compile: no C++ `template` declarations (Slang has generics instead)
StructuredBuffer<int> I : register(t1);
RWStructuredBuffer<uint> o : register(u0);

template <typename T>
struct Box {
    T v;
};

template <typename T>
uint kind(T x) { return 1; }
uint kind(int x) { return 2; }
template <typename T>
uint kind(vector<T, 2> x) { return 3; }
template <typename T, int N>
uint kind(vector<T, N> x) { return 4 + N; }
template <typename T>
uint kind(Box<T> x) { return 10; }

template <typename T, int N>
T total(vector<T, N> v) {
    T s = 0;
    for (int k = 0; k < N; k++)
        s += v[k];
    return s;
}

[numthreads(1, 1, 1)]
void main() {
    int i = I[0];
    uint u = (uint)I[1];
    float2 f2 = float2(I[0], I[1]);
    float3 f3 = float3(I[0], I[1], I[2]);
    Box<int> b;
    b.v = i;
    int2 i2 = int2(I[0], I[1]);
    bool t = I[0] == 1;
    o[0] = kind(i);
    o[1] = kind(u);
    o[2] = kind(f2);
    o[3] = kind(f3);
    o[4] = kind(b);
    o[5] = kind<int>(i);
    o[6] = kind(i2);
    o[7] = kind(t);
    o[8] = (uint)total(int3(I[0], I[1], I[2]));
    o[9] = (uint)total(float4(I[0], I[1], I[2], I[3]) * 0.5);
}
