// enums, namespaces, methods, operator overloading, templates (HLSL 2021).
// Derivation: an enumerator without a value is the previous one plus 1 (Blue = 6); Mode::On
// is 2; (1, 2) + (3, 5) = (4, 7), summed 11; 2 * 21; max(9, -3); (int)7.5 = 7; 4 + 8 + 12;
// one `bump` from 0; Green == Green picks 3.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw int[16] = 0
// expect u0 = [6, 2, 11, 42, 9, 7, 24, 1, 3, 0, 0, 0, 0, 0, 0, 0]
// peer-bug glslang: does not compile: `enum` is a reserved word in its HLSL front end
RWStructuredBuffer<int> o : register(u0);

enum Color { Red, Green = 5, Blue };
enum class Mode : uint { Off, On = 2 };

namespace geo {
  struct V2 {
    int x, y;
    int sum() { return x + y; }
    V2 operator+(V2 r) { V2 t; t.x = x + r.x; t.y = y + r.y; return t; }
  };
  int twice(int v) { return v * 2; }
}

template<typename T> T maxOf(T a, T b) { return a > b ? a : b; }
template<typename T, int N> T sumArr(T a[N]) { T s = 0; for (int i = 0; i < N; i++) s += a[i]; return s; }

struct Counter {
  int n;
  void bump() { n += 1; }
  int get() { return this.n; }
};

[numthreads(1, 1, 1)]
void main() {
  o[0] = (int)Blue;
  o[1] = (int)Mode::On;
  geo::V2 a = { 1, 2 };
  geo::V2 b = { 3, 5 };
  geo::V2 c = a + b;
  o[2] = c.sum();
  o[3] = geo::twice(21);
  o[4] = maxOf(9, -3);
  o[5] = (int)maxOf(7.5f, 2.0f);
  int arr[3] = { 4, 8, 12 };
  o[6] = sumArr<int, 3>(arr);
  Counter k = { 0 };
  k.bump();
  o[7] = k.get();
  Color col = Green;
  o[8] = (col == Green) ? 3 : 4;
}
