// `out`/`inout` arguments are copied in before the call and out after it, in parameter order
// (HLSL's value-result semantics; DXC's SpirvEmitter processCall makes a temporary for each
// and stores it back after the call), so, by hand:
// - an inout swizzle: v = (1, 2, 3), swap_scale(v.yx) sees p = (2, 1), returns (1 * 10, 2) and
//   writes v.y = 10, v.x = 2: v = (2, 10, 3);
// - a buffer element: twice(RB[1]) on 7 → 14; twice(RB2[0].y) on 3 → 6; two(RB[0], RB[0])
//   writes 1 then 2: 2 (the last copy-out wins);
// - a matrix row and column: m = {1, 2, 3; 4, 5, 6}; add_row(m[1]) → row 1 = (14, 25, 36);
//   neg2(m._m01_m11) → m[0][1] = -2, m[1][1] = -25;
// - conversions both ways: scale(inout float) on int 3 → 7.5 → 7; inc(inout int) on float 2.7
//   → 2 + 1 → 3.0; setmax(out uint) on a float → (float)0xFFFFFFFF = 4294967296.0 (0x4F800000);
//   neg(inout int) on uint 5 → -5 → 0xFFFFFFFB;
// - a struct with an array member: fill(out Rec) gives v = (1, 2, 5), w = 0.25; tweak(inout Rec)
//   adds 10 to v[1] only: (1, 12, 5), 0.25; into an element of a local array of Rec the same;
// - copies, not references: with static g = 5, h(g) { x = 1; x += g; } reads the old g: 6
//   (a reference would give 2); k(g) { x = 100; seen = g; } sees 6, then g = 100;
// - the argument's place is evaluated once: twice(arr[idx++]) doubles arr[0] and idx = 1.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [1, 2, 3, 2.7]
// buffer u1 rw int[2] = [5, 7]
// buffer u2 rw int2[1] = [4, 3]
// buffer u3 rw float[9] = 0
// buffer u4 rw uint[20] = 0
// expect u1 = [2, 14]
// expect u2 = [4, 6]
// expect u3 = [2, 10, 3, 1, -2, 3, 14, -25, 36]
// expect u4 = [7, 0x40400000, 0x4F800000, 0xFFFFFFFB, 1, 2, 5, 0x3E800000, 1, 12, 5, 0x3E800000,
//              1, 12, 5, 6, 6, 100, 8, 1]
// peer-bug glslang: invalid SPIR-V for an out argument ("OpStore Pointer %param_5's type does not
//   match Object %int_1's type"), also in a copy without the converting arguments
// peer-bug slang: refuses an implicitly converted inout argument ("argument must be l-value"); in a
//   copy without those, it passes the static `g` by reference: h(g) gives 2 and k sees 100
StructuredBuffer<float> F : register(t0);
RWStructuredBuffer<int> RB : register(u1);
RWStructuredBuffer<int2> RB2 : register(u2);
RWStructuredBuffer<float> OF : register(u3);
RWStructuredBuffer<uint> O : register(u4);

struct Rec { int v[3]; float w; };

void swap_scale(inout float2 p) { p = float2(p.y * 10, p.x); }
void twice(inout int x) { x *= 2; }
void two(out int a, out int b) { a = 1; b = 2; }
void add_row(inout float3 r) { r += float3(10, 20, 30); }
void neg2(inout float2 c) { c = -c; }
void scale(inout float x) { x = x * 2.5; }
void inc(inout int x) { x += 1; }
void setmax(out uint x) { x = 0xFFFFFFFF; }
void neg(inout int x) { x = -x; }
void fill(out Rec r) {
    for (int k = 0; k < 3; ++k) r.v[k] = k * k + 1;
    r.w = 0.25;
}
void tweak(inout Rec r) { r.v[1] += 10; }

static int g = 5;
static int seen = 0;
void h(out int x) { x = 1; x += g; }
void k(inout int x) { x = 100; seen = g; }

[numthreads(1, 1, 1)]
void main() {
    float3 v = float3(F[0], F[1], F[2]);
    swap_scale(v.yx);
    OF[0] = v.x; OF[1] = v.y; OF[2] = v.z;
    twice(RB[1]);
    twice(RB2[0].y);
    two(RB[0], RB[0]);
    float2x3 m = float2x3(F[0], F[1], F[2], 4, 5, 6);
    add_row(m[1]);
    neg2(m._m01_m11);
    OF[3] = m[0][0]; OF[4] = m[0][1]; OF[5] = m[0][2];
    OF[6] = m[1][0]; OF[7] = m[1][1]; OF[8] = m[1][2];

    int i = (int)F[2];
    scale(i);
    O[0] = i;
    float f = F[3];
    inc(f);
    O[1] = asuint(f);
    float big;
    setmax(big);
    O[2] = asuint(big);
    uint u = (uint)F[2] + 2;
    neg(u);
    O[3] = u;
    Rec r;
    fill(r);
    O[4] = r.v[0]; O[5] = r.v[1]; O[6] = r.v[2]; O[7] = asuint(r.w);
    tweak(r);
    O[8] = r.v[0]; O[9] = r.v[1]; O[10] = r.v[2]; O[11] = asuint(r.w);
    Rec arr2[2];
    fill(arr2[1]);
    tweak(arr2[1]);
    O[12] = arr2[1].v[0]; O[13] = arr2[1].v[1]; O[14] = arr2[1].v[2];
    h(g);
    O[15] = g;
    k(g);
    O[16] = seen;
    O[17] = g;
    int arr[2] = { (int)F[3] + 2, 9 };
    int idx = 0;
    twice(arr[idx++]);
    O[18] = arr[0];
    O[19] = idx;
}
