// Matrix transpose through groupshared tiles: a 16x16 uint matrix (element (y, x) =
// 100 y + x, generated in the kernel) is split into 8x8 tiles, each group loads its tile
// into a [8][9] array (one column of padding against bank conflicts), syncs and writes
// the transposed tile to the mirrored tile position, reading the tile column-wise.
// Expected values: tests/exec/algo/models.py (transpose_tile).
// exec: -T cs_6_0 -E main dispatch 2 2 1
// buffer u1 rw uint[256] = 0
// expect u1 = [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500,
//     1, 101, 201, 301, 401, 501, 601, 701, 801, 901, 1001, 1101, 1201, 1301, 1401, 1501,
//     2, 102, 202, 302, 402, 502, 602, 702, 802, 902, 1002, 1102, 1202, 1302, 1402, 1502,
//     3, 103, 203, 303, 403, 503, 603, 703, 803, 903, 1003, 1103, 1203, 1303, 1403, 1503,
//     4, 104, 204, 304, 404, 504, 604, 704, 804, 904, 1004, 1104, 1204, 1304, 1404, 1504,
//     5, 105, 205, 305, 405, 505, 605, 705, 805, 905, 1005, 1105, 1205, 1305, 1405, 1505,
//     6, 106, 206, 306, 406, 506, 606, 706, 806, 906, 1006, 1106, 1206, 1306, 1406, 1506,
//     7, 107, 207, 307, 407, 507, 607, 707, 807, 907, 1007, 1107, 1207, 1307, 1407, 1507,
//     8, 108, 208, 308, 408, 508, 608, 708, 808, 908, 1008, 1108, 1208, 1308, 1408, 1508,
//     9, 109, 209, 309, 409, 509, 609, 709, 809, 909, 1009, 1109, 1209, 1309, 1409, 1509,
//     10, 110, 210, 310, 410, 510, 610, 710, 810, 910, 1010, 1110, 1210, 1310, 1410, 1510,
//     11, 111, 211, 311, 411, 511, 611, 711, 811, 911, 1011, 1111, 1211, 1311, 1411, 1511,
//     12, 112, 212, 312, 412, 512, 612, 712, 812, 912, 1012, 1112, 1212, 1312, 1412, 1512,
//     13, 113, 213, 313, 413, 513, 613, 713, 813, 913, 1013, 1113, 1213, 1313, 1413, 1513,
//     14, 114, 214, 314, 414, 514, 614, 714, 814, 914, 1014, 1114, 1214, 1314, 1414, 1514,
//     15, 115, 215, 315, 415, 515, 615, 715, 815, 915, 1015, 1115, 1215, 1315, 1415, 1515]
RWStructuredBuffer<uint> Out : register(u1);

#define TILE 8
#define WIDTH 16

groupshared uint tile[TILE][TILE + 1];

[numthreads(TILE, TILE, 1)]
void main(uint3 gid : SV_GroupID, uint3 tid : SV_GroupThreadID) {
    uint2 src = gid.xy * TILE + tid.xy;          // (x, y) read by this thread
    tile[tid.y][tid.x] = src.y * 100 + src.x;
    GroupMemoryBarrierWithGroupSync();
    uint2 dst = gid.yx * TILE + tid.xy;          // mirrored tile
    Out[dst.y * WIDTH + dst.x] = tile[tid.x][tid.y];
}
