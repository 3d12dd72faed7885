// A function template is a candidate only for calls whose argument count its parameters can
// take: `max3(T v)` (one vector) beside `max3(float a, float b, float c)` — a call with three
// floats must not instantiate the template with `float` (whose body, `v.y`, would not
// compile), as in C++ and DXC. Expected by hand: max3(float3(1, 5, 2)) = 5,
// max3(4, 9, 3) = 9, max3(float2(1, 2), float2(3, 1), float2(0, 7)) = (3, 7).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[4] = 0
// expect u0 = [5, 9, 3, 7]
// peer-bug glslang: no templates (`template` is a reserved word to its HLSL front end)
template<typename T> float max3(T v) { return max(max(v.x, v.y), v.z); }
float max3(float a, float b, float c) { return max(max(a, b), c); }
float2 max3(float2 a, float2 b, float2 c) { return float2(max3(a.x, b.x, c.x), max3(a.y, b.y, c.y)); }

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
    Out[0] = max3(float3(1, 5, 2));
    Out[1] = max3(4.0, 9.0, 3.0);
    float2 m = max3(float2(1, 2), float2(3, 1), float2(0, 7));
    Out[2] = m.x;
    Out[3] = m.y;
}
