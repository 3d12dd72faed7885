// Static globals initialised from uniforms and helper calls, as material shaders precompute
// per-draw constants: `static float sScaled = gScale * 2`, a static array built from cbuffer
// members, `static int sSeed = seedFrom(gOffset)` (a function call reading the cbuffer), a
// static matrix from a constructor over uniforms; DXC runs these initialisers at the start of
// each invocation, so a thread that changes its statics does not change another thread's.
// Then `out` parameters with conversions on the way back: `out float2` written to an int2
// swizzle (`iv.yx`: truncation toward zero into y and x), `out float2x2` into an int2x2,
// `inout uint` passed an int (-3 round-trips through 0xFFFFFFFD). Per thread t (4 threads),
// with gScale 1.5, gCount 5, gOffset (3, -4) in the cbuffer, by hand:
//   0 sScaled bits after thread-dependent `sScaled += t` (3 + t)
//   1-4 sTable = {gCount, gCount * 2, gCount + 1, 7} with sTable[t] += 100
//   5 sSeed = 3 * 31 + (-4) = 89, plus t; 6 sBasis._12 = gOffset.y = -4; 7 sBasis._21 = gScale bits
//   8-9 iv after getPair(iv.yx) with (t + 0.75, -t - 0.25): x = -t, y = t (truncation)
//   10-13 im after getMat: ((int)(t * 1.5), -1, 2, (int)-2.5 = -2)
//   14 k after bumpAll(k) with k = -3: (uint)-3 + 10 → 7
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1.5] u32 [5] i32 [3, -4]
// buffer u1 rw uint[60] = 0
// expect u1 = [0x40400000, 105, 10, 6, 7, 89, 0xFFFFFFFC, 0x3FC00000, 0, 0, 0, 0xFFFFFFFF, 2,
//     0xFFFFFFFE, 7,  0x40800000, 5, 110, 6, 7, 90, 0xFFFFFFFC, 0x3FC00000, 0xFFFFFFFF, 1, 1,
//     0xFFFFFFFF, 2, 0xFFFFFFFE, 7,  0x40A00000, 5, 10, 106, 7, 91, 0xFFFFFFFC, 0x3FC00000,
//     0xFFFFFFFE, 2, 3, 0xFFFFFFFF, 2, 0xFFFFFFFE, 7,  0x40C00000, 5, 10, 6, 107, 92, 0xFFFFFFFC,
//     0x3FC00000, 0xFFFFFFFD, 3, 4, 0xFFFFFFFF, 2, 0xFFFFFFFE, 7]
// peer-bug glslang: refuses an int2x2 argument for an `out float2x2` parameter (no conversion on copy-out)
cbuffer Params : register(b0) {
    float gScale;
    uint gCount;
    int2 gOffset;
};

RWStructuredBuffer<uint> Out : register(u1);

int seedFrom(int2 o) { return o.x * 31 + o.y; }

static float sScaled = gScale * 2;
static uint sTable[4] = { gCount, gCount * 2, gCount + 1, 7 };
static int sSeed = seedFrom(gOffset);
static float2x2 sBasis = float2x2(1, gOffset.y, gScale, 0);

void getPair(uint t, out float2 v) { v = float2(t + 0.75f, -(float)t - 0.25f); }
void getMat(uint t, out float2x2 m) { m = float2x2(t * 1.5f, -1, 2, -2.5f); }
void bumpAll(inout uint k) { k += 10; }

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    sScaled += t;
    sTable[t] += 100;
    sSeed += t;

    int2 iv = int2(9, 9);
    getPair(t, iv.yx);
    int2x2 im;
    getMat(t, im);
    int k = -3;
    bumpAll(k);

    uint o = t * 15;
    Out[o + 0] = asuint(sScaled);
    [unroll] for (uint i = 0; i < 4; ++i)
        Out[o + 1 + i] = sTable[i];
    Out[o + 5] = sSeed;
    Out[o + 6] = (int)sBasis._12;
    Out[o + 7] = asuint(sBasis._21);
    Out[o + 8] = iv.x;
    Out[o + 9] = iv.y;
    Out[o + 10] = im._11;
    Out[o + 11] = im._12;
    Out[o + 12] = im._21;
    Out[o + 13] = im._22;
    Out[o + 14] = k;
}
