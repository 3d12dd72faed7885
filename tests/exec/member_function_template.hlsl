// Member function templates: an instance is a method of its struct, so its body reads the
// object's fields (`k`) and other methods; a static member template has no object.
// Expected by hand: s.k = 2: s.scale(3.0) = 6, s.scale(int2(1, 4)) = (2, 8) (int arithmetic),
// S::twice(1.5) = 3, s.scaled_sum(5.0) = scale(5) + k = 12.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[5] = 0
// expect u0 = [6, 2, 8, 3, 12]
// peer-bug glslang: no templates (`template` is a reserved word to its HLSL front end)
struct S {
    float k;
    template<typename T> T scale(T v) { return v * (T)k; }
    template<typename T> static T twice(T v) { return v + v; }
    template<typename T> T scaled_sum(T v) { return scale(v) + (T)k; }
};

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
    S s;
    s.k = 2;
    Out[0] = s.scale(3.0);
    int2 i = s.scale(int2(1, 4));
    Out[1] = i.x;
    Out[2] = i.y;
    Out[3] = S::twice(1.5);
    Out[4] = s.scaled_sum(5.0);
}
