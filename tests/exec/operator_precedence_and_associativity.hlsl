// C's operator precedence and associativity as HLSL keeps them, on run-time values
// a = 6, b = 3, c = 5, d = 8, x = 1, f = 2.5 (parenthesised forms by hand):
//   a + b << 1 = (6 + 3) << 1 = 18;  a & b ^ c | d = ((6 & 3) ^ 5) | 8 = 15
//   a & b == 2 = 6 & (3 == 2) = 0, (a & b) == 2 = 1;  b + a * c % 4 = 3 + (30 % 4) = 5
//   a - b - x = 2;  a * b / 4 = 18 / 4 = 4;  a < b == x < 2 = (0 == 1) = 0
//   (x - 1) ? a : b ? c : d = (b ? c : d) = 5;  (x - 1) ? a : b + 10 = 13
//   p = q = a + 1 → 7, 7; p += q -= 2 → q = 5, p = 12
//   -a % 4 = -2;  ~a & 0xF = 9;  !x + 1 = 1;  x - 1 || b & 4 = 0 || 0 = 0
//   a >> 1 < b = (3 < 3) = 0;  e---x with e = 5 = (e--) - x = 4, e = 4
//   g+++b with g = 6 = (g++) + b = 9, g = 7;  (int)-f * 2 = -2 * 2 = -4;  (int)(-f * 2) = -5
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[5] = [6, 3, 5, 8, 1]
// buffer t1 ro float[1] = [2.5]
// buffer u2 rw int[24] = 0
// buffer u3 rw int[1] = 0
// expect u2 = [18, 15, 0, 1, 5, 2, 4, 0, 5, 13, 7, 7, 12, 5, -2, 9, 1, 0, 0, 4, 4, 9, 7, -4]
// expect u3 = [-5]
// peer-bug glslang: `%` on int → OpSMod (sign of the divisor): -6 % 4 gives 2
StructuredBuffer<int> src : register(t0);
StructuredBuffer<float> fs : register(t1);
RWStructuredBuffer<int> o : register(u2);
RWStructuredBuffer<int> o2 : register(u3);

[numthreads(1, 1, 1)]
void main() {
    int a = src[0], b = src[1], c = src[2], d = src[3], x = src[4];
    float f = fs[0];
    o[0] = a + b << 1;
    o[1] = a & b ^ c | d;
    o[2] = a & b == 2;
    o[3] = (a & b) == 2;
    o[4] = b + a * c % 4;
    o[5] = a - b - x;
    o[6] = a * b / 4;
    o[7] = a < b == x < 2;
    o[8] = (x - 1) ? a : b ? c : d;
    o[9] = (x - 1) ? a : b + 10;
    int p, q;
    p = q = a + 1;
    o[10] = p; o[11] = q;
    p += q -= 2;
    o[12] = p; o[13] = q;
    o[14] = -a % 4;
    o[15] = ~a & 0xF;
    o[16] = !x + 1;
    o[17] = x - 1 || b & 4;
    o[18] = a >> 1 < b;
    int e = c;
    o[19] = e---x;
    o[20] = e;
    int g = a;
    o[21] = g+++b;
    o[22] = g;
    o[23] = (int)-f * 2;
    o2[0] = (int)(-f * 2);
}
