// A `static` local is one variable per declaration (per template instance), however many
// copies of the body hlslc analyses: DXC inlines every call, so a function called with
// different resource arguments (which hlslc specialises per resource) and an `[unroll]`
// loop whose body picks a resource per iteration (analysed once per iteration) still share
// it. By hand:
// - bump(A), bump(B), bump(A): n counts 1, 2, 3 across both resources → A[0] = 3, B[0] = 2,
//   O[0..2] = 1, 2, 3;
// - first(13) then first(7): `static uint f = v` runs its initializer once → 13 + 13 - 13 =
//   13 → O[3];
// - an `[unroll]` loop over k = 0, 1 with r = k == 0 ? A : B: `static uint u = 0; u++;
//   r[1] = u` → A[1] = 1, B[1] = 2;
// - a template's instances keep one each (C++'s rule, which DXC keeps): tcount<int>() twice
//   and tcount<uint>() once → 1, 2, 1 → O[4..6];
// - firstr(A, 21) then firstr(B, 5): one first-run initializer (21) shared by both
//   specialisations → O[7] = 21 + 21.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[2] = 0
// buffer u2 rw uint[2] = 0
// buffer u3 rw uint[8] = 0
// expect u1 = [3, 1]
// expect u2 = [2, 2]
// expect u3 = [1, 2, 3, 13, 1, 2, 1, 42]
// peer-bug glslang: does not compile function templates (`template<typename T> uint tcount()`); without them, invalid SPIR-V for a resource parameter ("ID has not been defined")
RWStructuredBuffer<uint> A : register(u1);
RWStructuredBuffer<uint> B : register(u2);
RWStructuredBuffer<uint> O : register(u3);

uint bump(RWStructuredBuffer<uint> buf) { static uint n = 0; n++; buf[0] = n; return n; }
uint first(uint v) { static uint f = v; return f; }
uint firstr(RWStructuredBuffer<uint> buf, uint v) { static uint f = v; return f + buf[0] * 0; }
template<typename T> uint tcount() { static uint c = 0; c++; return c; }

[numthreads(1, 1, 1)]
void main() {
    O[0] = bump(A);
    O[1] = bump(B);
    O[2] = bump(A);
    O[3] = first(13) + first(7) - 13;
    [unroll] for (int k = 0; k < 2; k++) {
        RWStructuredBuffer<uint> r = k == 0 ? A : B;
        static uint u = 0;
        u++;
        r[1] = u;
    }
    O[4] = tcount<int>();
    O[5] = tcount<int>();
    O[6] = tcount<uint>();
    O[7] = firstr(A, 21) + firstr(B, 5);
}
