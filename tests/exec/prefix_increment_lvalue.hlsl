// `++x`/`--x` are lvalues (C++'s rule, which DXC keeps): the increment happens, then the
// variable is assigned or incremented again. Hand-derived: a = 5, `(++a) += 10` → 16,
// `c = ++(++a)` → a = c = 18; `++b = 40` → 40; `--buf[2] *= 2` → (100 - 1) * 2 = 198;
// `++(++buf[3])` → 2; `++m *= 3` on a float2x2 of ones → 6; `buf[5] = ++(++a)` → 20.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[6] = [5, 7, 100, 0, 0, 0]
// expect u0 = [18, 58, 198, 2, 6, 20]
// peer-bug glslang: rejects a prefix increment as an lvalue ("l-value required")
RWStructuredBuffer<int> buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
    int a = buf[0];
    (++a) += 10;
    int c = ++(++a);
    int b = buf[1];
    ++b = 40;
    --buf[2] *= 2;
    ++(++buf[3]);
    float2x2 m = (float2x2)1;
    ++m *= 3;
    buf[0] = a;
    buf[1] = c + b;
    buf[4] = (int)m._m11;
    buf[5] = ++(++a);
}
