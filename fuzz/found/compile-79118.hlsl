// HLSL 202x `auto` locals take their initializer's type (as DXC): an integer literal `int`,
// `2.5f` a `float`, a `float2` constructor a `float2`, a template instance's result its type,
// `true` a `bool`. By hand: 7 / 2 is 3 in `int` (not 3.5), 2.5 * 2 = 5, (1, 2) + 1 =
// (2, 3), twice(4) = 8 as `int` / 3 = 2, true as 1.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[6] = 0
// expect u0 = [3.0, 5.0, 2.0, 3.0, 2.0, 1.0]
// peer-bug glslang: has no `auto` variables or templates
RWStructuredBuffer<float> dst : register(u0);

template <typename T>
T twice(T x) {
    auto r = x [numthreads(1,1,1)]  + x;
    return r;
}

[numthreads(1, 1, 1)]
void main() {
    auto i = 7;
    auto f = 2.5f;
    auto v = float2(1, 2), one = true;
    auto t = twice(4);
    dst[0] = i / 2;
    dst[1] = f * 2;
    dst[2] = (v + 1).x;
    dst[3] = (v + 1).y;
    dst[4] = t / 3;
    dst[5] = one;
}
