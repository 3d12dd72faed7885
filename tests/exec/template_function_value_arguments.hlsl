// Function templates called with explicit template arguments that start with a value
// (`make_vec<3>(x)`, `rep<2, float>(x)`), the rest deduced or given; `<` after a function
// template's name opens its arguments rather than comparing.
// make_vec<3>(1.5) = (1.5, 1.5, 1.5); rep<2, float>(1.25) = 2.5; make_vec<4>(2).w = 2;
// a comparison of values named like nothing templated stays a comparison: (3 < 4) > 0 = 1.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[6] = 0
// expect u0 = [1.5, 1.5, 1.5, 2.5, 2, 1]
// peer-bug glslang: has no templates
template<uint N, typename T>
vector<T, N> make_vec(T x) {
    return (vector<T, N>)x;
}

template<uint K, typename T>
T rep(T x) {
    return x * K;
}

RWStructuredBuffer<float> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    float3 v = make_vec<3>(1.5);
    o[0] = v.x;
    o[1] = v.y;
    o[2] = v.z;
    o[3] = rep<2, float>(1.25);
    o[4] = make_vec<4>(2.0).w;
    int a = 3, b = 4;
    o[5] = (a < b) > 0;
}
