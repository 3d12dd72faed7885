// `++x`, `--x` and `x op= y` are lvalues (C++ rules, which DXC keeps), so they may be passed
// to `out` and `inout` parameters: the side effect happens first, then the variable itself is
// passed. Derivation: a = {1, 5}, b = 3.
//   bump(++a[0]): a[0] = 2, then inout × 10 → 20
//   bump(b += 4): b = 7, then × 10 → 70
//   set(--a[1]):  a[1] = 4, then out 7 → 7
//   r = bump(++c): c = 1 → 2 → 20, r = 20 + 1 = 21; o[3] = r + c = 41
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[4] = 0
// expect u0 = [20, 7, 70, 41]
// peer-bug glslang: passes `++a[0]` to the `inout` parameter as an rvalue and stores through it (invalid SPIR-V)
RWStructuredBuffer<int> o : register(u0);

int bump(inout int v) {
    v = v * 10;
    return v + 1;
}

void set(out int v) {
    v = 7;
}

[numthreads(1, 1, 1)]
void main() {
    int a[2] = { 1, 5 };
    bump(++a[0]);
    int b = 3;
    bump(b += 4);
    set(--a[1]);
    int c = 1;
    int r = bump(++c);
    o[0] = a[0];
    o[1] = a[1];
    o[2] = b;
    o[3] = r + c;
}
