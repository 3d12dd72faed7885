// Integer and bool matrices (which WGSL lacks: hlslc keeps them as arrays of rows) read from
// a constant buffer in both majornesses, a StructuredBuffer and groupshared memory, and
// operated on: mul, transpose, rows, element access, component-wise +, *, %, unary minus,
// ==, any/all, a conversion to float2x2. Layout (D3D packing, one register per stored
// vector): ci (column_major int2x3, columns (1,4) (2,5) (3,6)) at 0, cu (row_major uint3x2,
// rows (10,11) (12,13) (14,15)) at 48, cb (column_major bool2x2, columns (2,1) (0,5): any
// non-zero word is true) at 96. sb[0] (column-major int2x2 over 1, 2, 3, 4) = [[1,3],[2,4]].
// By hand: mul(ci, (1,2,3)) = (14, 32); transpose(cu)[1][2] = 15, [0][1] = 12; sum of ci[1] =
// 15; ci._m12 = 6; l = ci, l[0][1] += 5, l._m10_m11 = (-1, -2) → [[1,7,3],[-1,-2,6]];
// -l * 2 + ci = [[-1,-12,-3],[6,9,-6]]; l % 3 = [[1,1,0],[-1,-2,0]]; (int2x3)(l == ci) =
// [[1,0,1],[0,0,1]]; any(cb) = 1, all(cb) = 0, all after b[0][1] = !b[0][1] = 1;
// ((float2x2)sb[0])[0][1] = 3; mul(sb[0], (1,1)) = (4, 6); groupshared g[1] =
// uint2x2(cu[0], cu[2]), g[1][0][1] += 100 → g[1]._m01 + g[1]._m10 = 111 + 14 = 125.
// layout C: ci=0 cu=48 cb=96
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = i32 [1, 4, 0, 0,  2, 5, 0, 0,  3, 6, 0, 0,  10, 11, 0, 0,  12, 13, 0, 0,
//                   14, 15, 0, 0,  2, 1, 0, 0,  0, 5, 0, 0]
// buffer t1 ro int[4] = [1, 2, 3, 4]
// buffer u2 rw int[31] = 0
// expect u2 = [14, 32, 15, 12, 15, 6,  -1, -12, -3, 6, 9, -6,  1, 1, 0, -1, -2, 0,
//              1, 0, 1, 0, 0, 1,  1, 0, 1,  3, 4, 6,  125]
// peer-bug glslang: no integer-matrix `mul` (`mul(int2x3, int3)`: no matching overloaded function)
cbuffer C : register(b0) {
    int2x3 ci;
    row_major uint3x2 cu;
    bool2x2 cb;
};
StructuredBuffer<int2x2> sb : register(t1);
RWStructuredBuffer<int> o : register(u2);

groupshared uint2x2 g[2];

void put6(uint at, int2x3 m) {
    for (uint r = 0; r < 2; ++r)
        for (uint c = 0; c < 3; ++c)
            o[at + 3 * r + c] = m[r][c];
}

[numthreads(1, 1, 1)]
void main() {
    int2 v = mul(ci, int3(1, 2, 3));
    o[0] = v.x; o[1] = v.y;
    uint2x3 t = transpose(cu);
    o[2] = t[1][2]; o[3] = t[0][1];
    int3 row = ci[1];
    o[4] = row.x + row.y + row.z;
    o[5] = ci._m12;
    int2x3 l = ci;
    l[0][1] += 5;
    l._m10_m11 = int2(-1, -2);
    put6(6, -l * 2 + ci);
    put6(12, l % 3);
    put6(18, (int2x3)(l == ci));
    o[24] = any(cb);
    o[25] = all(cb);
    bool2x2 b = cb;
    b[0][1] = !b[0][1];
    o[26] = all(b);
    int2x2 s = sb[0];
    o[27] = (int)((float2x2)s)[0][1];
    int2 w = mul(s, int2(1, 1));
    o[28] = w.x; o[29] = w.y;
    g[1] = uint2x2(cu[0], cu[2]);
    g[1][0][1] += 100;
    GroupMemoryBarrierWithGroupSync();
    o[30] = g[1]._m01 + g[1]._m10;
}
