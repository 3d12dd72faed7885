// Tile classification for a deferred or SSR pass in 8x8 thread groups (two groups): each
// thread reads a depth, the quad (a 2x2 block of SV_GroupThreadID, SM 6.6) gives its depth
// range through QuadReadAcrossX/Y/Diagonal, a quad whose range exceeds 6 is an edge, and the
// group's totals are gathered with wave reductions (`WaveActiveSum`/`WaveActiveCountBits` of
// the edge flags and ranges, added to the group's counters by the wave's first lane), which
// does not depend on how the driver groups threads into waves. The per-thread results are
// transposed through groupshared memory indexed by SV_GroupIndex, which must be y * 8 + x
// whatever lane layout quads need; SV_DispatchThreadID.x must be 8 * group + x. Depth at (x,
// y) of group g: ((7x + 3y + 5g) % 11) + 8 when (x / 4 + y / 4 + g) is odd. Per thread: its
// tile word (range | edge << 8), the transposed thread's, SV_DispatchThreadID.x,
// SV_GroupIndex; per group: edges, sum of ranges, lanes counted (64).
// Expected values: tests/exec/mix/models.py (quad_wave_tile_classify).
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 2 1 1
// buffer u1 rw uint[512] = 0
// buffer u2 rw uint[6] = 0
// expect u1 = [266, 266, 0, 0, 266, 266, 1, 1, 264, 263, 2, 2, 264, 263, 3, 3, 263, 264, 4, 4, 263,
//     264, 5, 5, 264, 263, 6, 6, 264, 263, 7, 7, 266, 266, 0, 8, 266, 266, 1, 9, 264, 263, 2, 10,
//     264, 263, 3, 11, 263, 264, 4, 12, 263, 264, 5, 13, 264, 263, 6, 14, 264, 263, 7, 15, 263,
//     264, 0, 16, 263, 264, 1, 17, 264, 264, 2, 18, 264, 264, 3, 19, 264, 263, 4, 20, 264, 263, 5,
//     21, 263, 264, 6, 22, 263, 264, 7, 23, 263, 264, 0, 24, 263, 264, 1, 25, 264, 264, 2, 26, 264,
//     264, 3, 27, 264, 263, 4, 28, 264, 263, 5, 29, 263, 264, 6, 30, 263, 264, 7, 31, 264, 263, 0,
//     32, 264, 263, 1, 33, 263, 264, 2, 34, 263, 264, 3, 35, 263, 263, 4, 36, 263, 263, 5, 37, 264,
//     264, 6, 38, 264, 264, 7, 39, 264, 263, 0, 40, 264, 263, 1, 41, 263, 264, 2, 42, 263, 264, 3,
//     43, 263, 263, 4, 44, 263, 263, 5, 45, 264, 264, 6, 46, 264, 264, 7, 47, 263, 264, 0, 48, 263,
//     264, 1, 49, 264, 263, 2, 50, 264, 263, 3, 51, 264, 264, 4, 52, 264, 264, 5, 53, 263, 263, 6,
//     54, 263, 263, 7, 55, 263, 264, 0, 56, 263, 264, 1, 57, 264, 263, 2, 58, 264, 263, 3, 59, 264,
//     264, 4, 60, 264, 264, 5, 61, 263, 263, 6, 62, 263, 263, 7, 63, 263, 263, 8, 0, 263, 263, 9,
//     1, 264, 266, 10, 2, 264, 266, 11, 3, 266, 263, 12, 4, 266, 263, 13, 5, 264, 264, 14, 6, 264,
//     264, 15, 7, 263, 263, 8, 8, 263, 263, 9, 9, 264, 266, 10, 10, 264, 266, 11, 11, 266, 263, 12,
//     12, 266, 263, 13, 13, 264, 264, 14, 14, 264, 264, 15, 15, 266, 264, 8, 16, 266, 264, 9, 17,
//     264, 264, 10, 18, 264, 264, 11, 19, 263, 264, 12, 20, 263, 264, 13, 21, 264, 263, 14, 22,
//     264, 263, 15, 23, 266, 264, 8, 24, 266, 264, 9, 25, 264, 264, 10, 26, 264, 264, 11, 27, 263,
//     264, 12, 28, 263, 264, 13, 29, 264, 263, 14, 30, 264, 263, 15, 31, 263, 266, 8, 32, 263, 266,
//     9, 33, 264, 263, 10, 34, 264, 263, 11, 35, 264, 264, 12, 36, 264, 264, 13, 37, 263, 263, 14,
//     38, 263, 263, 15, 39, 263, 266, 8, 40, 263, 266, 9, 41, 264, 263, 10, 42, 264, 263, 11, 43,
//     264, 264, 12, 44, 264, 264, 13, 45, 263, 263, 14, 46, 263, 263, 15, 47, 264, 264, 8, 48, 264,
//     264, 9, 49, 263, 264, 10, 50, 263, 264, 11, 51, 263, 263, 12, 52, 263, 263, 13, 53, 264, 264,
//     14, 54, 264, 264, 15, 55, 264, 264, 8, 56, 264, 264, 9, 57, 263, 264, 10, 58, 263, 264, 11,
//     59, 263, 263, 12, 60, 263, 263, 13, 61, 264, 264, 14, 62, 264, 264, 15, 63]
// expect u2 = [64, 492, 64, 64, 504, 64]
// peer-bug glslang: a quad is 4 consecutive invocations (x .. x + 3 of a row), not the 2x2 block SM 6.6 defines for 2-D groups (quad_compute_2d)
RWStructuredBuffer<uint> Tiles : register(u1);
RWStructuredBuffer<uint> Totals : register(u2);

groupshared uint gTile[64];

uint depthAt(uint g, uint x, uint y) {
    return ((x * 7 + y * 3 + g * 5) % 11) + ((x / 4 + y / 4 + g) % 2 ? 8 : 0);
}

[numthreads(8, 8, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID, uint3 dtid : SV_DispatchThreadID,
          uint index : SV_GroupIndex) {
    uint d = depthAt(gid.x, gtid.x, gtid.y);
    uint dx = QuadReadAcrossX(d), dy = QuadReadAcrossY(d), dd = QuadReadAcrossDiagonal(d);
    uint lo = min(min(d, dx), min(dy, dd));
    uint hi = max(max(d, dx), max(dy, dd));
    bool edge = hi - lo > 6;
    uint word = (hi - lo) | (uint)edge << 8;

    uint edges = WaveActiveCountBits(edge);
    uint ranges = WaveActiveSum(hi - lo);
    uint lanes = WaveActiveCountBits(true);
    if (WaveIsFirstLane()) {
        InterlockedAdd(Totals[gid.x * 3 + 0], edges);
        InterlockedAdd(Totals[gid.x * 3 + 1], ranges);
        InterlockedAdd(Totals[gid.x * 3 + 2], lanes);
    }

    gTile[index] = word;
    GroupMemoryBarrierWithGroupSync();
    uint o = (gid.x * 64 + gtid.y * 8 + gtid.x) * 4;
    Tiles[o + 0] = word;
    Tiles[o + 1] = gTile[gtid.x * 8 + gtid.y];
    Tiles[o + 2] = dtid.x;
    Tiles[o + 3] = index;
}
