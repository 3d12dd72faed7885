// Only the chosen candidate's template body is instantiated (C++ [temp.inst]: overload
// resolution needs the signature; DXC is clang): `second(T v)` reads `v.y`, which no scalar has,
// yet `second(a)` with a float `a` compiles because the plain `second(float)` wins the tie
// (hlslc compiled the template's float instance's body to rank it and reported E0414 before);
// the float2 call takes the template. A struct template's method likewise: `Wrap<float>` never
// calls `norm2()`, whose body would need a vector (hlslc reported its errors before too). By hand, a = 1.5 (from the buffer):
//   o0 second(a) = a * 2 = 3 | o1 second(float2(a, 4)) = 4 | o2 w.get() = 1.5 * 10 = 15
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t1 ro float[1] = [1.5]
// buffer u0 rw float[3] = 0
// expect u0 = [3, 4, 15]
// peer-bug glslang: does not compile: `template` is a reserved word in its HLSL front end
// peer-bug slang: does not compile: no C++ `template` declarations (Slang has generics instead)
StructuredBuffer<float> I : register(t1);
RWStructuredBuffer<float> o : register(u0);

template <typename T>
float second(T v) { return v.y; }
float second(float x) { return x * 2; }

template <typename T>
struct Wrap {
    T v;
    float get() { return v * 10; }
    float norm2() { return v.x * v.x + v.y * v.y; }
};

[numthreads(1, 1, 1)]
void main() {
    float a = I[0];
    o[0] = second(a);
    o[1] = second(float2(a, 4));
    Wrap<float> w;
    w.v = a;
    o[2] = w.get();
}
