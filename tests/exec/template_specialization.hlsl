// Explicit and partial specializations of struct templates select by their arguments, as in
// C++: `Factorial<n>` recurses until the explicit `Factorial<0>`; `Pick<A, B>` has partial
// specializations `Pick<A, 0>` and `Pick<0, B>` and an explicit `Pick<0, 0>` (the one with the
// fewest parameters wins where several match); `Traits<T>` is specialized for `matrix<T, R, C>`
// and `vector<T, N>` patterns and for `uint`, with a member alias (`using type = …`). Expected by
// hand: 5! = 120, 0! = 1; Pick<3, 4> = 3 + 4 = 7 (primary), Pick<3, 0> = 100 + 3,
// Pick<0, 4> = 200 + 4, Pick<0, 0> = 300; Traits<float3x2> = 3 * 10 + 2 = 32,
// Traits<int4> = 4, Traits<uint> = 99 with type uint (so 2^32 - 1 stays unsigned); a static
// method of an instance, Scale<3>::apply(4) = 12.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[11] = 0
// expect u0 = [120, 1, 7, 103, 204, 300, 32, 4, 99, 4294967295, 12]
// peer-bug glslang: has no templates
template<uint n> struct Factorial { static const uint value = n * Factorial<n - 1>::value; };
template<> struct Factorial<0> { static const uint value = 1; };

template<uint A, uint B> struct Pick { static const uint value = A + B; };
template<uint A> struct Pick<A, 0> { static const uint value = 100 + A; };
template<uint B> struct Pick<0, B> { static const uint value = 200 + B; };
template<> struct Pick<0, 0> { static const uint value = 300; };

template<typename T> struct Traits;
template<typename T, int R, int C> struct Traits<matrix<T, R, C> > { static const uint value = R * 10 + C; };
template<typename T, int N> struct Traits<vector<T, N> > { static const uint value = N; };
template<> struct Traits<uint> {
    using type = uint;
    static const uint value = 99;
};

template<uint k> struct Scale { static uint apply(uint v) { return v * k; } };

RWStructuredBuffer<uint> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
    output[0] = Factorial<5>::value;
    output[1] = Factorial<0>::value;
    output[2] = Pick<3, 4>::value;
    output[3] = Pick<3, 0>::value;
    output[4] = Pick<0, 4>::value;
    output[5] = Pick<0, 0>::value;
    output[6] = Traits<float3x2>::value;
    output[7] = Traits<int4>::value;
    output[8] = Traits<uint>::value;
    Traits<uint>::type big = 0;
    output[9] = big - 1;
    output[10] = Scale<3>::apply(4);
}
