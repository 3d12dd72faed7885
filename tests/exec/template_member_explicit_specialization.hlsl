// Explicit specializations of members of a struct template (`template<> float
// Vec2<float>::len() { … }`): the instance's method takes the specialization's body, other
// instances keep the primary's (inline or defined out of line). hlslc used the primary body
// for every instance, without a diagnostic. By hand, with (x, y) = (2, 3):
//   Vec2<float>: len() = x·y = 6 (specialized), scaled(2) = len() · 2 = 12 (primary, calling
//   the specialized len); Vec2<int>: len() = 5 (primary), scaled(2) = x - 2 = 0 (specialized);
//   Vec2<uint>: len() = 5, scaled(2) = 10 (both primary)
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[2] = [2, 3]
// buffer u1 rw float[6] = 0
// expect u1 = [6, 12, 5, 0, 5, 10]
// peer-bug glslang: no templates
template <typename T>
struct Vec2 {
    T x;
    T y;
    T len() { return x + y; }
    T scaled(T k);
};

template <typename T>
T Vec2<T>::scaled(T k) { return len() * k; }

template <>
float Vec2<float>::len() { return x * y; }

template <>
int Vec2<int>::scaled(int k) { return x - k; }

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Vec2<float> f;
    f.x = src[0];
    f.y = src[1];
    Vec2<int> i;
    i.x = src[0];
    i.y = src[1];
    Vec2<uint> u;
    u.x = src[0];
    u.y = src[1];
    o[0] = f.len();
    o[1] = f.scaled(2);
    o[2] = i.len();
    o[3] = i.scaled(2);
    o[4] = u.len();
    o[5] = u.scaled(2);
}
