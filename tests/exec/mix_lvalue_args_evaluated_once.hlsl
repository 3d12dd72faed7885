// Lvalues with side effects and argument conversions, as gameplay and UI shader code writes
// them: `a[idx++] += 10`, `a[pick()] *= 3`, `a[j++]++` and `Hist[slotOf(t)] += 5` each
// evaluate their index once (pick and slotOf bump a static call counter); `f = i = 2.7` (i
// gets 2, f the int's value 2); an `out float` parameter passed an int (copy-out converts:
// 2.75 → 2) and an `inout int` passed a float (copy-in truncates 2.5 → 2, copy-out 6 → 6.0); an
// `inout float2` passed the swizzle `p.zx` (written back to z and x); an `inout float3` passed
// row 1 of a column-major float3x3 (the row is not contiguous there); an `out uint2` passed
// an int2 (0xFFFFFFFF → -1); an `inout int` passed `v4[t % 4]`; post-increment values
// (`m2++ * 2`, `mm._12++`, `sv++` on an int3); and `sw = sw.yx` then `sw.yx += sw.xy`.
// Per thread t (4 threads): 20 words, derived by hand:
//   a = {0..5}, idx = t % 3: a[idx] += 10, idx + 1; a[2] *= 3 (after); a[1]++; j = 2
//   words 0-5: a; 6: idx; 7: j; 8: static calls (pick 10 + slotOf 1 = 11); 9: i; 10: f bits
//   11: iv = 2; 12: fv bits (6.0); 13-14: p.x, p.z bits (21, 13); 15: m._22 (5 + 100 = 105)
//   16: pair.y (-1); 17: v4 sum (10 + 1 = 11); 18: r | m2 << 8 | old._12 << 16 | mm._12 << 24
//   (10, 6, 2, 3); 19: sw packed (sw = (2, 1), then sw.yx += sw.xy: sw.y = 1 + 2, sw.x = 2 + 1:
//   (3, 3)) → x | y << 8, plus oldv.z << 16 | sv.z << 24 (3, 4).
// Hist (u2) gets 5 added at slot t once per thread: [5, 5, 5, 5].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[80] = 0
// buffer u2 rw uint[4] = 0
// expect u1 = [10, 2, 6, 3, 4, 5, 1, 2, 11, 2, 0x40000000, 2, 0x40C00000, 0x41A80000, 0x41500000, 105, 0xFFFFFFFF, 11, 0x0302060A, 0x04030303,
//     0, 12, 6, 3, 4, 5, 2, 2, 11, 2, 0x40000000, 2, 0x40C00000, 0x41A80000, 0x41500000, 105, 0xFFFFFFFF, 11, 0x0302060A, 0x04030303,
//     0, 2, 36, 3, 4, 5, 3, 2, 11, 2, 0x40000000, 2, 0x40C00000, 0x41A80000, 0x41500000, 105, 0xFFFFFFFF, 11, 0x0302060A, 0x04030303,
//     10, 2, 6, 3, 4, 5, 1, 2, 11, 2, 0x40000000, 2, 0x40C00000, 0x41A80000, 0x41500000, 105, 0xFFFFFFFF, 11, 0x0302060A, 0x04030303]
// expect u2 = [5, 5, 5, 5]
// peer-bug glslang: an `inout int` parameter passed a float writes the result back through the converted value (`OpStore` to the `OpConvertFToS` result), invalid SPIR-V
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint> Hist : register(u2);

static uint sCalls;

int pick() {
    sCalls += 10;
    return 2;
}

uint slotOf(uint t) {
    sCalls += 1;
    return t;
}

void setOut(out float x) { x = 2.75; }
void scaleInout(inout int x) { x = x * 3; }
void addTo(inout float2 v) { v += float2(10, 20); }
void bumpRow(inout float3 r) { r.y += 100; }
void fillPair(out uint2 v) { v = uint2(7, 0xFFFFFFFF); }
void incElem(inout int e) { e += 1; }

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    sCalls = 0;
    int a[6] = { 0, 1, 2, 3, 4, 5 };
    uint idx = t % 3;
    a[idx++] += 10;
    a[pick()] *= 3;
    int j = 1;
    a[j++]++;
    Hist[slotOf(t)] += 5;

    int i;
    float f;
    f = i = 2.7;
    int iv;
    setOut(iv);
    float fv = 2.5;
    scaleInout(fv);
    float4 p = float4(1, 2, 3, 4);
    addTo(p.zx);
    float3x3 m = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
    bumpRow(m[1]);
    int2 pair;
    fillPair(pair);
    int4 v4 = int4(1, 2, 3, 4);
    incElem(v4[t % 4]);

    int m2 = 5;
    int r = m2++ * 2;
    float2x2 mm = { 1, 2, 3, 4 };
    float old = mm._12++;
    int3 sv = int3(1, 2, 3);
    int3 oldv = sv++;
    float2 sw = float2(1, 2);
    sw = sw.yx;
    sw.yx += sw.xy;

    uint o = t * 20;
    [unroll] for (uint k = 0; k < 6; ++k)
        Out[o + k] = a[k];
    Out[o + 6] = idx;
    Out[o + 7] = j;
    Out[o + 8] = sCalls;
    Out[o + 9] = i;
    Out[o + 10] = asuint(f);
    Out[o + 11] = iv;
    Out[o + 12] = asuint(fv);
    Out[o + 13] = asuint(p.x);
    Out[o + 14] = asuint(p.z);
    Out[o + 15] = (uint)m._22;
    Out[o + 16] = pair.y;
    Out[o + 17] = v4.x + v4.y + v4.z + v4.w;
    Out[o + 18] = (uint)r | (uint)m2 << 8 | (uint)old << 16 | (uint)mm._12 << 24;
    Out[o + 19] = (uint)sw.x | (uint)sw.y << 8 | (uint)oldv.z << 16 | (uint)sv.z << 24;
}
