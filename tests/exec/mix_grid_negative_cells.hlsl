// Spatial hashing of positions that go negative, with the integer rules such code trips on:
// `/` and `%` on int truncate toward zero (the remainder takes the dividend's sign), so the
// floor cell needs a floorDiv helper, while `>> 4` on an int is arithmetic (floor) and on a
// uint logical; the cell hash multiplies ints with wrap-around and mixes them as uint; and
// literal typing: `p.x < 0u` and `(uint)p.x > -1` compare as uint (always false), `p.x > -1`
// as int, `p.x & 0x80000000` tests the sign, `p.x / 3u` divides as uint, and `hash % 7`
// (a literal with a uint) is a uint remainder. Eighteen words per position: trunc cell (x, y),
// floor cell (x, y), x >> 4, y >> 4, (uint)x >> 4, x % 16, floorMod(x, 16), hash, hash % 7,
// the four comparisons, x / 3u, x / 3, (uint)x >= 0x80000000.
// Expected values: tests/exec/mix/models.py (grid_negative_cells).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int2[16] = [0, 0, 15, 16, -1, -16, -17, 31, -32, -33, 100, -100, -2147483647, 7,
//     2147483647, -8, -7, 7, 33, -1, -48, 48, 5, -5, -100000, 65536, 12345, -54321, -15, -17, 1,
//     -1]
// buffer u1 rw uint[288] = 0
// expect u1 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 15, 15,
//     19349663, 4, 0, 1, 0, 0, 5, 5, 0, 0, 4294967295, 4294967295, 4294967295, 4294967295,
//     4294967295, 268435455, 4294967295, 15, 88192194, 6, 0, 0, 0, 1, 1431655765, 0, 1, 4294967295,
//     1, 4294967294, 1, 4294967294, 1, 268435454, 4294967295, 15, 4128593881, 6, 0, 0, 0, 1,
//     1431655759, 4294967291, 1, 4294967294, 4294967294, 4294967294, 4294967293, 4294967294,
//     4294967293, 268435454, 0, 0, 196618597, 0, 0, 0, 0, 1, 1431655754, 4294967286, 1, 6,
//     4294967290, 6, 4294967289, 6, 4294967289, 6, 4, 4, 3984884105, 6, 0, 1, 0, 0, 33, 33, 0,
//     4160749569, 0, 4160749568, 0, 4160749568, 0, 134217728, 4294967281, 1, 402653184, 3, 0, 0, 0,
//     1, 715827883, 3579139414, 1, 134217727, 0, 134217727, 4294967295, 134217727, 4294967295,
//     134217727, 15, 15, 490845378, 2, 0, 1, 0, 0, 715827882, 715827882, 0, 0, 0, 4294967295, 0,
//     4294967295, 0, 268435455, 4294967289, 9, 4221111203, 1, 0, 0, 0, 1, 1431655763, 4294967294,
//     1, 2, 0, 2, 4294967295, 2, 4294967295, 2, 1, 1, 4128593883, 1, 0, 1, 0, 0, 11, 11, 0,
//     4294967293, 3, 4294967293, 3, 4294967293, 3, 268435453, 0, 0, 4055819060, 6, 0, 0, 0, 1,
//     1431655749, 4294967280, 1, 0, 0, 0, 4294967295, 0, 4294967295, 0, 5, 5, 4275617633, 0, 0, 1,
//     0, 0, 1, 1, 0, 4294961046, 4096, 4294961046, 4096, 4294961046, 4096, 268429206, 0, 0,
//     4068469118, 0, 0, 0, 0, 1, 1431622432, 4294933963, 1, 771, 4294963901, 771, 4294963900, 771,
//     4294963900, 771, 9, 9, 4049286867, 3, 0, 1, 0, 0, 4115, 4115, 0, 0, 4294967295, 4294967295,
//     4294967294, 4294967295, 4294967294, 268435455, 4294967281, 1, 103314785, 0, 0, 0, 0, 1,
//     1431655760, 4294967291, 1, 0, 0, 0, 4294967295, 0, 4294967295, 0, 1, 1, 4275617633, 0, 0, 1,
//     0, 0, 0, 0, 0]
// peer-bug glslang: `%` on int → `OpSMod` (sign of divisor): -1 % 16 = 15 (int_div_signed)
StructuredBuffer<int2> Positions : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

int floorDiv(int a, int b) {
    int q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

int floorMod(int a, int b) {
    int r = a % b;
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r;
}

uint cellHash(int2 cell) {
    return (uint)(cell.x * 73856093) ^ (uint)(cell.y * 19349663);
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int2 p = Positions[t];
    int2 truncCell = p / 16;
    int2 floorCell = int2(floorDiv(p.x, 16), floorDiv(p.y, 16));
    int2 shifted = p >> 4;
    uint2 logical = (uint2)p >> 4;
    uint hash = cellHash(floorCell);

    uint o = t * 18;
    Out[o + 0] = truncCell.x;
    Out[o + 1] = truncCell.y;
    Out[o + 2] = floorCell.x;
    Out[o + 3] = floorCell.y;
    Out[o + 4] = shifted.x;
    Out[o + 5] = shifted.y;
    Out[o + 6] = logical.x;
    Out[o + 7] = p.x % 16;
    Out[o + 8] = floorMod(p.x, 16);
    Out[o + 9] = hash;
    Out[o + 10] = hash % 7;
    Out[o + 11] = p.x < 0u;
    Out[o + 12] = p.x > -1;
    Out[o + 13] = (uint)p.x > -1;
    Out[o + 14] = (p.x & 0x80000000) != 0;
    Out[o + 15] = p.x / 3u;
    Out[o + 16] = p.x / 3;
    Out[o + 17] = (uint)p.x >= 0x80000000;
}
