// Mask and bit bookkeeping on int4 rows, HLSL 2021 style: a bool4 comparison summed as ints
// (`pos.x + pos.y + …`), countbits and firstbithigh of negative ints (firstbithigh of a
// negative int finds the first bit that differs from the sign: -1 gives 0xFFFFFFFF, -8 gives 2,
// INT_MIN 30), `select(pos, v, -v)` as abs, `and`/`or` of bool4s (HLSL 2021 refuses `&&` and
// `||` on vectors), any/all of them and of `!both` packed into flags with bool shifts, and
// large uint → float → uint conversions: ((uint)v.x * 65537) & 0x7FFFFFFF rounded to float
// (nearest even above 2^24) and back, and (float)v.y for v.y = ±(2^24 + 1) rounding to ±2^24.
// Per row 18 words: pos count, countbits x4, firstbithigh x4, select x4, flags, float bits,
// back to uint, bits of (float)v.y, (int) of it.
// Expected values: tests/exec/mix/models.py (bool_vector_masks).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int4[8] = [5, -3, 0, 120, -1, -8, 2147483647, 1, -2147483648, 64, -51, 2, 1, 2, 3,
//     4, -60, -70, -80, -90, 16777217, -16777217, 33554435, 7, 0, 0, 0, 0, 99, 100, -50, -49]
// buffer u1 rw uint[144] = 0
// expect u1 = [2, 2, 31, 0, 4, 2, 1, 4294967295, 6, 5, 3, 0, 120, 5, 1218445472, 327685,
//     3225419776, 4294967293, 2, 32, 29, 31, 1, 4294967295, 2, 30, 0, 1, 8, 2147483647, 1, 12,
//     1325399552, 2147418112, 3238002688, 4294967288, 2, 1, 1, 29, 1, 30, 6, 5, 1, 2147483648, 64,
//     51, 2, 5, 0, 0, 1115684864, 64, 4, 1, 1, 2, 1, 0, 1, 1, 2, 1, 2, 3, 4, 10, 1199571072, 65537,
//     1073741824, 2, 0, 27, 29, 27, 28, 5, 6, 6, 6, 60, 70, 80, 90, 5, 1325369344, 2143551488,
//     3263954944, 4294967226, 3, 2, 31, 3, 3, 24, 24, 25, 2, 16777217, 16777217, 33554435, 7, 5,
//     1266712576, 16842752, 3414163456, 4278190080, 0, 0, 0, 0, 0, 4294967295, 4294967295,
//     4294967295, 4294967295, 0, 0, 0, 0, 5, 0, 0, 0, 0, 2, 4, 3, 29, 30, 6, 6, 5, 5, 99, 100, 50,
//     49, 12, 1254490310, 6488163, 1120403456, 100]
// peer-bug glslang: no `select` intrinsic (HLSL 2021's vector select)
StructuredBuffer<int4> Rows : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int4 v = Rows[t];
    bool4 pos = v > 0;
    int npos = pos.x + pos.y + pos.z + pos.w;
    uint4 cb = countbits(v);
    uint4 fbh = firstbithigh(v);
    int4 sel = select(pos, v, -v);
    bool4 both = and(pos, v < 100);
    bool4 either = or(v == 0, v < -50);
    uint flags = any(either) | all(pos) << 1 | any(!both) << 2 | all(!either) << 3;
    uint big = ((uint)v.x * 65537) & 0x7FFFFFFF;
    float fb = (float)big;
    float sf = (float)v.y;

    uint o = t * 18;
    Out[o] = npos;
    [unroll] for (uint i = 0; i < 4; ++i) {
        Out[o + 1 + i] = cb[i];
        Out[o + 5 + i] = fbh[i];
        Out[o + 9 + i] = sel[i];
    }
    Out[o + 13] = flags;
    Out[o + 14] = asuint(fb);
    Out[o + 15] = (uint)fb;
    Out[o + 16] = asuint(sf);
    Out[o + 17] = (int)sf;
}
