// out-argument write-back order, compound assignment with float rhs, float %, arrays
// and structs by value, comma, switch with negative label, bool bitwise, matrix splat.
// Derivation: [0] `out` arguments are written back left to right, so `setBoth(x, x)` leaves
// b's 2; [1] `incr(x, x)` copies 2 into both, writes back 12 then 102; [2] `y *= 2.5` is
// int(7.0 * 2.5) = 17; [3] float `%` keeps the dividend's sign: -5.5 - 2 * trunc(-2.75) =
// -1.5; [4] 2.5; [5] arrays copy by value: 1 and 9; [6] structs too: 3 and 7; [7] the comma
// operator calls `next` three times: 3 and 3; [8] `case -1`; [9] 0 + 1 * 2 + 0; [10] a scalar
// splats into all four matrix elements; [11] 3u - 5 wraps to 0xFFFFFFFE, >> 28 = 15; [12] `>>`
// on int is arithmetic; [13] on uint logical: 0x7FFFFFFC & 0xFF; [14] int addition wraps;
// [15] integer dot: 4 + 10 + 18; [16] (4, 6, 6, 4); [17] 0 + 2 + 3; [18] (6, 7); [19] float
// to int truncates toward zero: 7 and -7; [20] -1 converts to uint 0xFFFFFFFF, so 5u > it is
// false; [21] tbl[2]; [22] 4 + 2; [23] `continue` in a `switch` continues the loop (j = 2 skips
// the `+= 100`), `break` leaves only the `switch`: 100 + 101 + 0 + 103 + 100.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[32] = 0
// expect u0 = [2, 102, 17, -15, 25, 19, 37, 33, 5, 2, 12, 15, -4, 252, 1, 32, 4664, 5, 67, 63, 0, 30, 6, 404, 0, 0, 0, 0, 0, 0, 0, 0]
// peer-bug glslang: `y *= 2.5` converts 2.5 to int before multiplying (14, not 17), and float `%=` is `OpFMod` (sign of the divisor: 0.5, not -1.5)
RWStructuredBuffer<int> o : register(u0);

void setBoth(out int a, out int b) { a = 1; b = 2; }
void incr(inout int a, inout int b) { a += 10; b += 100; }

struct P { int x; int arr[2]; };
P makeP(int v) { P r; r.x = v; r.arr[0] = v + 1; r.arr[1] = v + 2; return r; }

static int counter = 0;
int next() { return ++counter; }
static const int tbl[4] = { 10, 20, 30, 40 };

[numthreads(1, 1, 1)]
void main() {
  int x = 0;
  setBoth(x, x);
  o[0] = x;
  incr(x, x);
  o[1] = x;
  int y = 7;
  y *= 2.5;
  o[2] = y;
  float f = -5.5;
  f %= 2;
  o[3] = (int)(f * 10);
  float g = 1.5; g++;
  o[4] = (int)(g * 10);
  int a1[3] = { 1, 2, 3 };
  int a2[3] = a1;
  a2[0] = 9;
  o[5] = a1[0] * 10 + a2[0];
  P p = { 1, { 2, 3 } };
  P q = p; q.arr[1] = 7;
  o[6] = p.arr[1] * 10 + q.arr[1];
  int c = (next(), next(), next());
  o[7] = c * 10 + counter;
  int s = -1;
  int r = 0;
  switch (s) { case -1: r = 5; break; case 1: r = 6; break; default: r = 7; }
  o[8] = r;
  bool b1 = true, b2 = false;
  o[9] = (b1 & b2) + (b1 | b2) * 2 + (b1 ^ true) * 4;
  float2x2 m = 3;
  o[10] = (int)(m[0][0] + m[0][1] + m[1][0] + m[1][1]);
  uint u = 3; u -= 5;
  o[11] = (int)(u >> 28);
  int neg = -8;
  o[12] = neg >> 1;
  uint un = (uint)neg >> 1;
  o[13] = (int)(un & 0xFF);
  int ov = 0x7FFFFFFF; ov += o[31] + 1;
  o[14] = ov == (-2147483647 - 1) ? 1 : 0;
  int3 v3 = int3(1, 2, 3);
  o[15] = dot(v3, int3(4, 5, 6));
  float4 v4 = float4(1, 2, 3, 4);
  v4 = v4.wzyx * v4;
  o[16] = (int)(v4.x * 1000 + v4.y * 100 + v4.z * 10 + v4.w);
  int i = 0;
  [unroll] for (int k = 0; k < 4; ++k) { if (k == 1) continue; i += k; }
  o[17] = i;
  int2 pv = int2(5, 6);
  pv++;
  o[18] = pv.x * 10 + pv.y;
  float fl = 7.9; int fi = fl;
  int nf = -7.9;
  o[19] = fi * 10 + nf;
  uint mixed = 5; int sgn = -1;
  o[20] = (mixed > sgn) ? 1 : 0;
  o[21] = tbl[o[30] + 2];
  o[22] = makeP(4).arr[1];
  int acc = 0;
  for (int j = 0; j < 5; j++) {
    switch (j) { case 2: continue; case 4: break; default: acc += j; }
    acc += 100;
  }
  o[23] = acc;
}
