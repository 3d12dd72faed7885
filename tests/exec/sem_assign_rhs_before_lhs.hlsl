// DXC evaluates the right side of `=` and of a compound assignment before the left side's
// place (clang's order for scalars; SpirvEmitter::doBinaryOperator "evaluate rhs before lhs"
// and processBinaryOp's compound branch), while other binary operators evaluate left to
// right. z = 0 comes from a buffer so nothing folds. By hand:
// - `a[i++] = i`: rhs i = 0, then a[0] = 0 and i = 1 → O[0] = a[0] = 0, O[1] = i = 1;
// - `b[j++] += j` with b = {5, 5}: rhs j = 0, then b[0] = 5 + 0, j = 1 → O[2] = 5, O[3] = 1;
// - `x += x++`: rhs x++ = 0 (x = 1), then x = 1 + 0 → O[4] = 1;
// - `y = y++`: rhs 0 (y = 1), then y = 0 → O[5] = 0;
// - `k + k++` (left first): 0 + 0 and k = 1; then `k++ + k`: 1 + 2 = 3 → O[6] = 0, O[7] = 3;
// - `x2 = setto(x2, 20)`: the call copies 20 out to x2, then x2 = 7 → O[8] = 7;
// - `c[w] = setto(w, 1)` with c = {20, 20}: the call first (w = 1), then c[1] = 7 →
//   O[9] = 20, O[10] = 7;
// - `d[w2] += setto(w2, 1)` with d = {20, 20}: rhs first (w2 = 1), then d[1] = 20 + 7 →
//   O[11] = 20, O[12] = 27;
// - `O[n++] = n` on the buffer itself at n = 13: O[13] = 13, n = 14; then `O[n] = bump(n)`
//   (bump: n += 1, returns 100): O[15] = 100 and O[14] keeps its 0 → O[14] = 0, O[15] = 100;
// - `++p = p * 2` with p = 5: rhs 10 first, then p = 6, then p = 10 → O[16] = 10;
// - `v.xy[t++] = t` with v = (9, 9, 9), t = 0: rhs 0, then v.x = 0, t = 1 →
//   O[17] = 0, O[18] = 9, O[19] = 1.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[4] = [0, 1, 2, 3]
// buffer u1 rw int[20] = 0
// expect u1 = [0, 1, 5, 1, 1, 0, 0, 3, 7, 20, 7, 20, 27, 13, 0, 100, 10, 0, 9, 1]
// peer-bug glslang: does not parse an index into a swizzle as an assignment target (`v.xy[t++] = t`); without it, evaluates the left side of `=` and `+=` first (`a[i++] = i` stores 1, `c[w] = setto(w, 1)` writes c[0])
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> O : register(u1);

int setto(inout int a, int v) { a = v; return 7; }
int bump(inout int n) { n += 1; return 100; }

[numthreads(1, 1, 1)]
void main() {
    int z = In[0];
    int a[4] = { 9, 9, 9, 9 };
    int i = z;
    a[i++] = i;
    O[0] = a[0]; O[1] = i;
    int b[2] = { 5, 5 };
    int j = z;
    b[j++] += j;
    O[2] = b[0]; O[3] = j;
    int x = z;
    x += x++;
    O[4] = x;
    int y = z;
    y = y++;
    O[5] = y;
    int k = z;
    int s1 = k + k++;
    O[6] = s1;
    int s2 = k++ + k;
    O[7] = s2;
    int x2 = z;
    x2 = setto(x2, 20);
    O[8] = x2;
    int c[2] = { 20, 20 };
    int w = z;
    c[w] = setto(w, 1);
    O[9] = c[0]; O[10] = c[1];
    int d[2] = { 20, 20 };
    int w2 = z;
    d[w2] += setto(w2, 1);
    O[11] = d[0]; O[12] = d[1];
    int n = z + 13;
    O[n++] = n;
    O[n] = bump(n);
    int p = z + 5;
    ++p = p * 2;
    O[16] = p;
    int3 v = int3(9, 9, 9);
    int t = z;
    v.xy[t++] = t;
    O[17] = v.x; O[18] = v.y; O[19] = t;
}
