// Methods of a struct template declared in the struct and defined out of line
// (`template<typename T, uint N> void Ring<T, N>::push(T x) { … }`, as DXC's
// SemaHLSL/nestednamespecifier.hlsl does), also with other parameter names
// (`template<typename U, uint M> U Ring<U, M>::sum()`), a static method, bodies using the
// injected-class-name (`Ring r = this;`), and definitions that come after an instance was
// made (the `static` global `early`), and an operator (`Ring<T, N>::operator+`). hlslc
// ignored such definitions ("`push` is called but never defined", E0524). By hand:
//   a = make(0), push 5, 7, 9 on 2 slots → v = (9, 7): sum 16, head 3
//   b = a.copy(), b.push(1) → (9, 1): 10, a still 16; f = Ring<float, 3>::make(0.5),
//   push(2) → (2, 0.5, 0.5): 3; early = {(4, 6), 0}: early.copy().sum() = 10;
//   (a + b).sum() = (9 + 9, 7 + 1) = 26
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[1] = [5]
// buffer u1 rw float[7] = 0
// expect u1 = [16, 3, 10, 16, 3, 10, 26]
// peer-bug glslang: no templates
template <typename T, uint N>
struct Ring {
    T v[N];
    uint head;
    void push(T x);
    T sum();
    Ring copy();
    static Ring make(T x);
    Ring operator+(Ring o);
};

template <typename T, uint N>
void Ring<T, N>::push(T x) {
    v[head % N] = x;
    head++;
}

template <typename U, uint M>
U Ring<U, M>::sum() {
    U s = 0;
    for (uint i = 0; i < M; ++i)
        s += v[i];
    return s;
}

static Ring<int, 2> early;

template <class T, uint N>
Ring<T, N> Ring<T, N>::copy() {
    Ring r = this;
    return r;
}

template <class T, uint N>
Ring<T, N> Ring<T, N>::make(T x) {
    Ring r;
    r.head = 0;
    for (uint i = 0; i < N; ++i)
        r.v[i] = x;
    return r;
}

template <typename T, uint N>
Ring<T, N> Ring<T, N>::operator+(Ring<T, N> o) {
    Ring r = this;
    for (uint i = 0; i < N; ++i)
        r.v[i] += o.v[i];
    return r;
}

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Ring<int, 2> a = Ring<int, 2>::make(0);
    a.push(src[0]);
    a.push(7);
    a.push(9);
    o[0] = a.sum();
    o[1] = a.head;
    Ring<int, 2> b = a.copy();
    b.push(1);
    o[2] = b.sum();
    o[3] = a.sum();
    Ring<float, 3> f = Ring<float, 3>::make(0.5);
    f.push(2);
    o[4] = f.sum();
    early.head = 0;
    early.v[0] = 4;
    early.v[1] = 6;
    o[5] = early.copy().sum();
    o[6] = (a + b).sum();
}
