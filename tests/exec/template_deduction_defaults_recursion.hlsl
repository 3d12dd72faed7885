// Function templates deducing an array size from the argument (`template<uint N> float
// sumArr(float a[N])` on a float[4]), a default template argument naming an earlier parameter
// (`template<typename T, typename U = T>`), `sizeof(T)` of an explicit argument, and a
// recursive struct template ended by an explicit specialization (Fact<N>::value). By hand:
//   sumArr({1, 2, 3, 4}) = 10, sumArr({0.5, 0.25}) = 0.75 (N = 2)
//   conv(2.5) (T = U = float) = 2.5; conv<float, int>(2.5) = 2
//   bytes<float3>() = 12, bytes<half>() = 4 (half is float without -enable-16bit-types)
//   Fact<5>::value = 120; Fact<0>::value = 1
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro float[1] = [1]
// buffer u1 rw float[9] = 0
// expect u1 = [10, 0.75, 2.5, 2, 12, 4, 120, 1, 5]
// peer-bug glslang: no templates
template <uint N>
float sumArr(float a[N]) {
    float s = 0;
    for (uint i = 0; i < N; ++i)
        s += a[i];
    return s;
}

template <typename T, typename U = T>
U conv(T t) { return (U)t; }

template <typename T>
uint bytes() { return sizeof(T); }

template <uint N>
struct Fact {
    static const uint value = N * Fact<N - 1>::value;
};
template <>
struct Fact<0> {
    static const uint value = 1;
};

StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float one = src[0];
    float arr[4] = { one, 2, 3, 4 };
    o[0] = sumArr(arr);
    float two[2] = { 0.5 * one, 0.25 };
    o[1] = sumArr(two);
    o[2] = conv(2.5 * one);
    o[3] = conv<float, int>(2.5 * one);
    o[4] = bytes<float3>();
    o[5] = bytes<half>();
    o[6] = Fact<5>::value;
    o[7] = Fact<0>::value;
    o[8] = Fact<5>::value / Fact<4>::value;
}
