// More places assigned after their right side (DXC evaluates the right side of `=` and
// `op=` first; companion of sem_assign_rhs_before_lhs). z = 0 from a buffer. By hand:
// - `v.xy[t++] += t` (an index with effects into a swizzle): rhs t = 0, then v.x += 0 →
//   O[0] = 1, O[1] = t = 1;
// - `m[r++] += r` on a row of an int2x2 of 10s: row 0 += 0 → O[2] = 10, row 1 untouched
//   (O[3] = 10 + 3), O[4] = r = 1;
// - `O[n++] += n` on the buffer at n = 5: O[5] = 0 + 5, copied to O[8] = 5; then O[5] = 1 and
//   O[9] = n - 5 = 1;
// - `arr[k++] = make(k)` (a struct from a call): rhs make(0) first → arr[0].v = 0 → O[6] =
//   0 + 20; arr[1] keeps make(9) → O[7] = 9 - 8 = 1;
// - `bs[j++].hi = 3 + j` (a bit-field member): rhs 3 first, bs[0].hi = 3 → O[10] = 3; bs[1]
//   keeps lo = 1, hi = 2 → O[11] = 1, O[12] = 2 + 2; O[13] = j = 1;
// - `x2 = x2++ + ++x2` (`+` left to right: 0 + 2), then x2 = 2 → O[14] = 2 + 5.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[4] = [0, 1, 2, 3]
// buffer u1 rw int[16] = 0
// expect u1 = [1, 1, 10, 13, 1, 1, 20, 1, 5, 1, 3, 1, 4, 1, 7, 0]
// peer-bug glslang: does not parse bit-field members (`uint lo : 4;`)
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> O : register(u1);
struct P { int u; int v; };
P make(int x) { P p; p.u = x; p.v = x * 10; return p; }
struct B { uint lo : 4; uint hi : 4; };
[numthreads(1, 1, 1)]
void main() {
    int z = In[0];
    // v.xy[t++] += t: rhs t = 0, then v.x += 0 → v.x = 1, t = 1
    int3 v = int3(1, 1, 1);
    int t = z;
    v.xy[t++] += t;
    O[0] = v.x; O[1] = t;
    // m[r++] += r on an int2x2: rhs r = 0 → row 0 += 0; r = 1
    int2x2 m = int2x2(10, 10, 10, 10);
    int r = z;
    m[r++] += r;
    O[2] = m._m00; O[3] = m._m10 + 3;   // row 1 untouched: 10 + 3
    O[4] = r;
    // O[n++] += n on the buffer at n = 5: rhs 5, O[5] = 0 + 5, n = 6
    int n = z + 5;
    O[n++] += n;
    O[8] = O[5]; O[5] = 1; O[9] = n - 5;
    // arr[k++] = make(k): rhs first (k = 0), then arr[0] = {0, 0}, k = 1
    P arr[2];
    arr[0] = make(9); arr[1] = make(9);
    int k = z;
    arr[k++] = make(k);
    O[6] = arr[0].v + 20; O[7] = arr[1].u - 8;
    // a bit-field member with an index with effects
    B bs[2];
    bs[0].lo = 1; bs[0].hi = 2; bs[1].lo = 1; bs[1].hi = 2;
    int j = z;
    bs[j++].hi = 3 + j;       // rhs 3, bs[0].hi = 3, j = 1
    O[10] = bs[0].hi; O[11] = bs[1].lo;
    O[12] = bs[1].hi + 2; O[13] = j;
    // x2 = x2++ + ++x2 (left to right): 0 + 2 = 2, then x2 = 2; + 5
    int x2 = z;
    x2 = x2++ + ++x2;
    O[14] = x2 + 5;
}
