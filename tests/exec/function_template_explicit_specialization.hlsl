// Explicit specializations of function templates (`template<> float luma<Rgb>(Rgb c)`):
// an instance for the specialized arguments runs the specialization's body, deduced from the
// call's arguments or named explicitly; other arguments instantiate the primary template.
// Expected values by hand: luma of Rgb (1, 2, 3) is g*2 + r + b = 8, of Ycocg (5, …) its
// y = 5; scale<int>(7) is 7*10 = 70 (specialization), scale<float>(1.5) the primary's
// 1.5*2 = 3, and scale(2u) with the deduced uint specialization 2 + 100 = 102.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[5] = 0
// expect u0 = [8.0, 5.0, 70.0, 3.0, 102.0]
// peer-bug glslang: has no templates ("'template' : Reserved word")
RWStructuredBuffer<float> dst : register(u0);

struct Rgb { float3 rgb; };
struct Ycocg { float3 ycocg; };

template <typename Color>
float luma(Color c);

template <>
float luma<Rgb>(Rgb c) { return c.rgb.g * 2.0 + c.rgb.r + c.rgb.b; }

template <>
float luma<Ycocg>(Ycocg c) { return c.ycocg.x; }

template <typename T>
float scale(T x) { return x * 2; }

template <>
float scale<int>(int x) { return x * 10; }

template <>
float scale<uint>(uint x) { return x + 100; }

[numthreads(1, 1, 1)]
void main() {
    Rgb a;
    a.rgb = float3(1, 2, 3);
    Ycocg b;
    b.ycocg = float3(5, 6, 7);
    dst[0] = luma(a);
    dst[1] = luma<Ycocg>(b);
    dst[2] = scale<int>(7);
    dst[3] = scale<float>(1.5);
    dst[4] = scale(2u);
}
