// Variable templates (HLSL 2021): a primary template with unnamed parameters and a partial
// specialization (`is_same_v<T, T>`), a type parameter used in the initializer
// (`sizeof(T)`), a value parameter with recursion ended by an explicit specialization
// (`pow2<0>`), and a cast to the type parameter. Derivation: is_same_v<int, bool> = 0,
// is_same_v<uint, uint> = 1, size_of_v<float3> = 12, pow2<5> = 2^5 = 32,
// filled<float, 7> = 7.0, doubled: 14.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[5] = 0
// expect u0 = [0, 1, 12, 32, 14]
// peer-bug glslang: no variable templates (no templates at all in its HLSL front end)
template <class, class> static const bool is_same_v = false;
template <class T> static const bool is_same_v<T, T> = true;
template <typename T> static const uint size_of_v = sizeof(T);
template <uint N> static const uint pow2 = 2 * pow2<N - 1>;
template <> static const uint pow2<0> = 1;
template <typename T, uint N> static const T filled = (T)N;

RWStructuredBuffer<uint> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    o[0] = is_same_v<int, bool>;
    o[1] = is_same_v<uint, uint>;
    o[2] = size_of_v<float3>;
    o[3] = pow2<5>;
    o[4] = (uint)(filled<float, 7> * 2.0);
}
