// More of C++'s overload tie-breakers in HLSL 2021 (DXC: clang's isBetterOverloadCandidate and
// partial ordering, [temp.func.order]): `size(matrix<T, R, R>)` (square) is more specialized
// than `size(matrix<T, R, C>)` and is no candidate for a float2x3 (R cannot be both 2 and 3);
// a plain `len(float a[4])` beats `template <int N> len(float a[N])` for a float[4], while a
// float[3] takes the template (N = 3); a plain function beats an explicit specialization of a
// template (`pick(float)` over `pick<float>`), which still serves explicit `pick<float>(x)`.
// By hand: o0 size(float3x3) → square, 100 + 3 = 103 | o1 size(float2x3) → 2 * 10 + 3 = 23 |
// o2 len(float[4]) → plain 40 | o3 len(float[3]) → template 3 | o4 pick(1.5f) → plain 7 |
// o5 pick<float>(1.5f) → the explicit specialization 8 | o6 pick(2u) → primary template 9.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t1 ro float[4] = [1, 2, 3, 4]
// buffer u0 rw uint[7] = 0
// expect u0 = [103, 23, 40, 3, 7, 8, 9]
// peer-bug glslang: does not compile: `template` is a reserved word in its HLSL front end
// peer-bug slang: does not compile: no C++ `template` declarations (Slang has generics instead)
StructuredBuffer<float> I : register(t1);
RWStructuredBuffer<uint> o : register(u0);

template <typename T, int R, int C>
uint size(matrix<T, R, C> m) { return R * 10 + C; }
template <typename T, int R>
uint size(matrix<T, R, R> m) { return 100 + R; }

template <int N>
uint len(float a[N]) { return N; }
uint len(float a[4]) { return 40; }

template <typename T>
uint pick(T x) { return 9; }
template <>
uint pick<float>(float x) { return 8; }
uint pick(float x) { return 7; }

[numthreads(1, 1, 1)]
void main() {
    float3x3 sq = float3x3(I[0], I[1], I[2], I[3], I[0], I[1], I[2], I[3], I[0]);
    float2x3 wide = float2x3(I[0], I[1], I[2], I[3], I[0], I[1]);
    float four[4] = { I[0], I[1], I[2], I[3] };
    float three[3] = { I[0], I[1], I[2] };
    float x = I[0] + 0.5;
    uint u = (uint)I[1];
    o[0] = size(sq);
    o[1] = size(wide);
    o[2] = len(four);
    o[3] = len(three);
    o[4] = pick(x);
    o[5] = pick<float>(x);
    o[6] = pick(u);
}
