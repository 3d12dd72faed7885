// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// The same probe, with an assignment to an undeclared name in the template's body.
RWStructuredBuffer<float> dst : register(u0);
template <typename T>
T twice(T x) {
    r = x + x;
    return r;
}
[numthreads(1, 1, 1)]
void main() {
    auto t = twice(4);
    dst[0] = t;
}
