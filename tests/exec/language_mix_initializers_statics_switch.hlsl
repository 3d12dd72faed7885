// Several everyday HLSL rules in one kernel, each derived by hand:
// - a brace initializer is flattened: `{ s, { 5, 6, 7, 8 }, 1, 2, 3, 4, 5, 6 }` fills T's two
//   S's and then its float3x2 row by row, so t.s[1].c.y = 8 and t.m._m21 = 6;
// - matrix swizzle writes and the 1-based `_12` against the 0-based `_m21`: m becomes rows
//   [-1, 2, 3], [4, -5, 6], [7, 10, 9]; mul(row vector, m) = (28, 22, 42), mul(m, (1, 0, 0))
//   = (-1, 4, 7), mul(2, (1, 1, 1)) = (2, 2, 2), so r.x = 29 and x = 29 + 8 + 6 = 43;
// - `out` arrays and `inout` scalars are copied back, by-value arrays are not: fill gives
//   [0, 2, 4, 6] and k = 3, sum's write to its copy stays local: 112 + 0, + k = 115;
// - max(int, uint) compares as uint (max(-1, 2u) = 0xFFFFFFFF); min(1, 2.5) is 1.0;
//   a function's static local keeps its value between calls (counter() + counter() = 3);
//   a for with two declarations and a comma step (x += 0 + 4 + 6), a do-while (x ends at 40);
// - switch fall-through: thread 0 runs case 0 and case 1 (+3), thread 1 case 1 (+2), thread 2
//   default then case 3 (+7), thread 3 case 3 (+4): z = 43, 42, 47, 44, plus 3;
// - (float2) of a float4 truncates, int3 = 1.7 truncates to 1: w = 2 + 1 + 2 = 5.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float4[4] = 0
// expect u0 = [43, 115, 46, 5,   43, 115, 45, 5,   43, 115, 50, 5,   43, 115, 47, 5]
// peer-bug glslang: does not flatten a brace initializer across struct members ("initializer list: wrong number of structure members")
RWStructuredBuffer<float4> o : register(u0);
struct S { int a; float b; float2 c; };
struct T { S s[2]; float3x2 m; };

int counter() { static int n = 0; return ++n; }
void fill(out float arr[4], inout int k) { [unroll] for (int i = 0; i < 4; ++i) arr[i] = i * k; k++; }
float sum(float a[4]) { a[0] = 100; return a[0] + a[1] + a[2] + a[3]; }

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  S s = { 1, 2, float2(3, 4) };
  T t = { s, { 5, 6, 7, 8 }, 1, 2, 3, 4, 5, 6 };
  float3x3 m = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
  m._m00_m11 = float2(-1, -5);
  m[2][1] = m._12 + m._m21;
  float3 r = mul(float3(1, 2, 3), m) + mul(m, float3(1, 0, 0)) + mul(2.0, float3(1, 1, 1));
  float arr[4];
  int k = 2;
  fill(arr, k);
  float total = sum(arr) + arr[0];
  int x = min(1, 2.5) + (max(-1, 2u) == 0xFFFFFFFFu ? 10 : 20) + abs(-5);
  float2 tr = (float2)float4(1, 2, 3, 4);
  int3 iv = 1.7;
  int c = counter() + counter();
  for (int a = 0, b = 5; a < b; ++a, --b) x += a * b;
  do { x++; } while (x < 40);
  switch (i) { case 0: x += 1; case 1: x += 2; break; default: x += 3; case 3: x += 4; }
  o[i] = float4(r.x + t.s[1].c.y + t.m._m21, total + k, x + c, tr.y + iv.z + s.b);
}
