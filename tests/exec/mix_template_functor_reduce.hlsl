// Generic library code in HLSL 2021 templates: `FixedArray<T, N>` (a struct template with an
// array member and methods, N a value parameter), functor structs templated on the element
// type whose `operator()` and `identity()` a function template `reduce<Op>` calls (Op, T and
// N deduced from the arguments), a `vector<T, N>` function template deducing T and N
// (`hsum`, `clampLen`; its bounds are typed variables or f-suffixed literals, since DXC
// deduces `literal int` from a bare `-2` and rejects the conflict with the vector's int), and a functor used again in a groupshared tree reduction with
// `GroupMemoryBarrierWithGroupSync` inside the loop. Thread t (8 threads) loads In[4t..4t+3]
// into FixedArray<int, 4> and FixedArray<float, 4> (the ints halved) and reduces them with
// Add, Max and Mul; the per-thread int sums are then max-reduced across the group.
// Expected values: tests/exec/mix/models.py (template_functor_reduce).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[32] = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3,
//     2, 3, -8, 4, 6, -2, 6, 4, -3, 3, 8, 3, 2, 7, -9, 5]
// buffer u1 rw int[32] = 0
// buffer u2 rw float[16] = 0
// expect u1 = [7, 4, 7, 14, 0, 9, 3, 14, 11, 8, 11, 14, 14, 9, 11, 14, 1, 4, 7, 14, 14, 6, 12,
//     14, 11, 8, 9, 14, 5, 7, 10, 14]
// expect u2 = [-0.75, 2, 33.75, -2, -37.5, 4, -106.3125, 3.5, -12, 3, -18, 4, -13.5, 0.5,
//     -39.375, 3]
// peer-bug glslang: no templates
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> OutI : register(u1);
RWStructuredBuffer<float> OutF : register(u2);

template<typename T, uint N>
struct FixedArray {
    T data[N];

    uint size() { return N; }
    T get(uint i) { return data[i]; }
    void set(uint i, T v) { data[i] = v; }
};

template<typename T>
struct AddOp {
    T identity() { return (T)0; }
    T operator()(T a, T b) { return a + b; }
};

template<typename T>
struct MaxOp {
    T identity() { return (T)-1000; }
    T operator()(T a, T b) { return a > b ? a : b; }
};

template<typename T>
struct MulOp {
    T identity() { return (T)1; }
    T operator()(T a, T b) { return a * b; }
};

template<typename Op, typename T, uint N>
T reduce(FixedArray<T, N> a, Op op) {
    T acc = op.identity();
    [unroll]
    for (uint i = 0; i < N; ++i)
        acc = op(acc, a.get(i));
    return acc;
}

template<typename T, int N>
T hsum(vector<T, N> v) {
    T s = 0;
    for (int i = 0; i < N; ++i)
        s += v[i];
    return s;
}

template<typename T, int N>
vector<T, N> clampLen(vector<T, N> v, T lo, T hi) {
    return clamp(v, (vector<T, N>)lo, (vector<T, N>)hi);
}

groupshared int partial[8];

template<typename Op>
int groupReduce(int v, uint t, Op op) {
    partial[t] = v;
    GroupMemoryBarrierWithGroupSync();
    [loop]
    for (uint stride = 4; stride > 0; stride >>= 1) {
        if (t < stride)
            partial[t] = op(partial[t], partial[t + stride]);
        GroupMemoryBarrierWithGroupSync();
    }
    return partial[0];
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    FixedArray<int, 4> ai;
    FixedArray<float, 4> af;
    for (uint i = 0; i < ai.size(); ++i) {
        ai.set(i, In[4 * t + i]);
        af.set(i, In[4 * t + i] * 0.5f);
    }
    AddOp<int> addI;
    MaxOp<int> maxI;
    MulOp<float> mulF;
    int sum = reduce(ai, addI);
    int mx = reduce(ai, maxI);
    float prod = reduce(af, mulF);
    int4 v = int4(ai.data[0], ai.data[1], ai.data[2], ai.data[3]);
    const int lo = -2, hi = 5;
    int clampedSum = hsum(clampLen(v, lo, hi));
    float2 fv = float2(af.get(0), af.get(3));
    float fs = hsum(clampLen(fv, -1.0f, 2.0f));
    int best = groupReduce(sum, t, maxI);

    OutI[4 * t + 0] = sum;
    OutI[4 * t + 1] = mx;
    OutI[4 * t + 2] = clampedSum;
    OutI[4 * t + 3] = best;
    OutF[2 * t + 0] = prod;
    OutF[2 * t + 1] = fs;
}
