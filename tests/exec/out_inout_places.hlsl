// `out`/`inout` arguments naming less common places, each copied in and out once (DXC's
// processCall: a temporary per argument, stored back after the call), by hand:
// - a swizzle of a buffer element: RB2[0] = (4, 3), swap(RB2[0].yx) sees (3, 4), returns
//   (4 * 10, 3) and writes y = 40, x = 3: (3, 40);
// - a dynamically indexed vector component: v = (1, 2, 3), i = 2, twice(v[i]) → (1, 2, 6);
//   the index is evaluated once: twice(v[j++]) with j = 0 doubles v[0] → (2, 2, 6), j = 1;
// - a matrix element and a matrix swizzle element: m = {1, 2, 3; 4, 5, 6}, twice(m[1][2]) →
//   12, twice(m._m01) → 4;
// - an array parameter: fill3(out int a[3]) writes (7, 8, 9) to the caller's array;
// - a member of a structured-buffer struct: SB[0] = {f = 1.5, n = 2}, scale(SB[0].f) → 3.75,
//   twice(SB[0].n) → 4;
// - a groupshared element: gs[1] = 21, twice(gs[1]) → 42;
// - a static initialised by a function with a side effect: `static uint s = init();` runs
//   init() before main's body, so O[0] written there (100) is then incremented by main: 101,
//   and s is 5.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw int2[1] = [4, 3]
// buffer u2 rw = f32 [1.5] i32 [2]
// buffer u3 rw uint[16] = 0
// expect u1 = [3, 40]
// expect u2 = f32 [3.75] i32 [4]
// expect u3 = [101, 5, 1, 2, 6, 2, 2, 6, 1, 12, 4, 7, 8, 9, 42, 0]
// peer-bug glslang: rejects a static initialised by a function call ("Recursion detected: init(
//   calling init("), as in static_init_order_and_const_globals
RWStructuredBuffer<int2> RB2 : register(u1);
struct Rec { float f; int n; };
RWStructuredBuffer<Rec> SB : register(u2);
RWStructuredBuffer<uint> O : register(u3);
groupshared int gs[2];

void swap(inout int2 p) { p = int2(p.y * 10, p.x); }
void twice(inout int x) { x *= 2; }
void twicef(inout float x) { x *= 2; }
void scale(inout float x) { x *= 2.5; }
void fill3(out int a[3]) { a[0] = 7; a[1] = 8; a[2] = 9; }
uint init() { O[0] = 100; return 5; }
static uint s = init();

[numthreads(1, 1, 1)]
void main() {
    O[0] = O[0] + 1;
    O[1] = s;
    swap(RB2[0].yx);
    int3 v = int3(1, 2, 3);
    int i = (int)s - 3;
    twice(v[i]);
    O[2] = v.x; O[3] = v.y; O[4] = v.z;
    int j = 0;
    twice(v[j++]);
    O[5] = v.x; O[6] = v.y; O[7] = v.z; O[8] = j;
    float2x3 m = float2x3(1, 2, 3, 4, 5, 6);
    twicef(m[1][2]);
    twicef(m._m01);
    O[9] = (uint)m[1][2];
    O[10] = (uint)m[0][1];
    int a[3] = { 0, 0, 0 };
    fill3(a);
    O[11] = a[0]; O[12] = a[1]; O[13] = a[2];
    scale(SB[0].f);
    twice(SB[0].n);
    gs[1] = 21;
    GroupMemoryBarrierWithGroupSync();
    twice(gs[1]);
    O[14] = gs[1];
}
