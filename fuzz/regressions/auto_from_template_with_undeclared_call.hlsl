// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// `auto t = twice(4)` instantiates the template while probing the initializer's type; the
// errors in the template's body must survive the probe (they were dropped, and the `return`
// lost its value).
RWStructuredBuffer<float> dst : register(u0);
template <typename T>
T twice(T x) {
    auto r = x [numthreads(1,1,1)] + x;
    return r;
}
[numthreads(1, 1, 1)]
void main() {
    auto t = twice(4);
    dst[0] = t;
}
