// Templates with value (non-type) parameters (HLSL 2021): a struct template sized by a
// `uint N` (array member, loop bound, sizeof), a function template over a type and a size
// called with explicit arguments on arrays, and an `int K` multiplier (negative too).
// By hand: Ring<3> pushed 1..5 wraps: v = (4, 5, 3), sum 12, head 5;
// total<float, 4>({1.5, 2, 3, 4}) = 10.5; total<int, 2>({7, -3}) = 4;
// scaled<3>(7) = 21; scaled<-2>(7) = -14; sizeof(Ring<3>) = 16, sizeof(Ring<5>) = 24.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [7]
// buffer u1 rw float[8] = 0
// expect u1 = [12, 5, 10.5, 4, 21, -14, 16, 24]
// peer-bug glslang: no templates
template <uint N>
struct Ring {
    uint v[N];
    uint head;
    void push(uint x) {
        v[head % N] = x;
        head++;
    }
    uint sum() {
        uint s = 0;
        for (uint i = 0; i < N; ++i)
            s += v[i];
        return s;
    }
};

template <typename T, uint N>
T total(T a[N]) {
    T s = (T)0;
    for (uint i = 0; i < N; ++i)
        s += a[i];
    return s;
}

template <int K>
int scaled(int x) { return x * K; }

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int seven = src[0];
    Ring<3> r;
    r.head = 0;
    for (uint i = 0; i < 3; ++i)
        r.v[i] = 0;
    for (uint x = 1; x <= 5; ++x)
        r.push(x);
    o[0] = r.sum();
    o[1] = r.head;
    float fa[4] = { 1.5, 2, 3, 4 };
    o[2] = total<float, 4>(fa);
    int ia[2] = { seven, -3 };
    o[3] = total<int, 2>(ia);
    o[4] = scaled<3>(seven);
    o[5] = scaled<-2>(seven);
    o[6] = sizeof(Ring<3>);
    o[7] = sizeof(Ring<5>);
}
