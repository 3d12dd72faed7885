// Arrays as `inout` and `out` parameters, passed from a local, a struct member, a static
// global, a groupshared array and a row of a 2D array: the callee's writes reach each after
// the call (copy-in, copy-out). scale(a, k) multiplies each element by k and returns the old
// sum; fill(out a) writes 10 + index. By hand:
//   local {1, 2, 3} · 2 → (2, 4, 6), returned 6; member {4, 5, 6} · -1 → (-4, -5, -6), 15
//   static g {7, 8, 9} · 3 → (21, 24, 27), 24; groupshared {1, 1, 1} · 5 (thread 0) → 5 each, 3
//   m[1] of {{0,0,0},{2,2,2}} · 4 → (8, 8, 8), m[0] untouched (0); fill(out f) → (10, 11, 12)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[1] = [2]
// buffer u1 rw float[22] = 0
// expect u1 = [2, 4, 6, 6,  -4, -5, -6, 15,  21, 24, 27, 24,  5, 5, 5, 3,  8, 8, 8, 0,  10, 12]
// peer-bug glslang: cannot initialise a local array from an array (`float c[3] = gs;`)
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

struct Holder {
    float pad;
    float a[3];
};

static float g[3] = { 7, 8, 9 };
groupshared float gs[3];

float scale(inout float a[3], float k) {
    float s = 0;
    for (uint i = 0; i < 3; ++i) {
        s += a[i];
        a[i] *= k;
    }
    return s;
}

void fill(out float a[3]) {
    for (uint i = 0; i < 3; ++i)
        a[i] = 10 + i;
}

void put(uint at, float a[3], float s) {
    o[at] = a[0]; o[at + 1] = a[1]; o[at + 2] = a[2]; o[at + 3] = s;
}

[numthreads(1, 1, 1)]
void main() {
    float two = src[0];
    float l[3] = { 1, two, 3 };
    float s = scale(l, two);
    put(0, l, s);
    Holder h;
    h.pad = 0;
    h.a[0] = 4; h.a[1] = 5; h.a[2] = 6;
    s = scale(h.a, -1);
    put(4, h.a, s);
    s = scale(g, 3);
    put(8, g, s);
    gs[0] = 1; gs[1] = 1; gs[2] = 1;
    s = scale(gs, 5);
    float c[3] = gs;
    put(12, c, s);
    float m[2][3] = { 0, 0, 0, 2, 2, 2 };
    scale(m[1], 4);
    o[16] = m[1][0]; o[17] = m[1][1]; o[18] = m[1][2]; o[19] = m[0][2];
    float f[3];
    fill(f);
    o[20] = f[0]; o[21] = f[2];
}
