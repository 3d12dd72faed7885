// Generic raw-buffer access helpers as engine code writes them in HLSL 2021: function
// templates taking a ByteAddressBuffer / RWByteAddressBuffer parameter and calling the
// SM 6.2 templated `Load<T>` / `Store<T>` with a dependent T at `base + i * sizeof(T)`; a
// traits struct template with a `static const int` member and an explicit specialization
// for float2, read as `Scale<T>::k` inside another template; and a struct with an
// overloaded `operator+` so the same `twice<T>` template doubles ints, vectors and
// records. Thread t reads element t of three regions (int4 at byte 0, float2 at 64, Pair
// {uint a; float b;} at 96) and writes int4 * 2, float2 * 3 (the specialization) and
// twice(pair) at the same places of the output; Aux = sizeof sum 16 + 8 + 8.
// Expected values: tests/exec/mix/models.py (generic_raw_access).
// exec: -T cs_6_2 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro uint[32] = [3, 4294967295, 4, 1, 4294967291, 9, 2, 4294967290, 5, 3, 4294967291,
//     8, 9, 4294967289, 9, 3, 1056964608, 3214934016, 1073741824, 1080033280, 3208642560,
//     1090519040, 1069547520, 3221225472, 7, 1048576000, 100, 3227516928, 4294967280,
//     1069547520, 42, 1040187392]
// buffer u1 rw uint[32] = 0
// buffer u2 rw uint[4] = 0
// expect u1 = [6, 4294967294, 8, 2, 4294967286, 18, 4, 4294967284, 10, 6, 4294967286, 16, 18,
//     4294967282, 18, 6, 1069547520, 3228565504, 1086324736, 1093140480, 3222274048,
//     1103101952, 1083179008, 3233808384, 14, 1056964608, 200, 3235905536, 4294967264,
//     1077936128, 84, 1048576000]
// expect u2 = [32, 32, 32, 32]
// peer-bug glslang: no templates
ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u1);
RWStructuredBuffer<uint> Aux : register(u2);

struct Pair {
    uint a;
    float b;

    Pair operator+(Pair o) {
        Pair r = { a + o.a, b + o.b };
        return r;
    }
};

template<typename T>
T fetch(ByteAddressBuffer b, uint base, uint i) {
    return b.Load<T>(base + i * sizeof(T));
}

template<typename T>
void put(RWByteAddressBuffer b, uint base, uint i, T v) {
    b.Store<T>(base + i * sizeof(T), v);
}

template<typename T>
struct Scale {
    static const int k = 2;
};

template<>
struct Scale<float2> {
    static const int k = 3;
};

template<typename T>
T scaled(T v) {
    return v * Scale<T>::k;
}

template<typename T>
T twice(T v) {
    return v + v;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int4 iv = fetch<int4>(Src, 0, t);
    float2 fv = fetch<float2>(Src, 64, t);
    Pair p = fetch<Pair>(Src, 96, t);
    put(Dst, 0, t, scaled(iv));
    put(Dst, 64, t, scaled(fv));
    put(Dst, 96, t, twice(p));
    Aux[t] = sizeof(int4) + sizeof(float2) + sizeof(Pair);
}
