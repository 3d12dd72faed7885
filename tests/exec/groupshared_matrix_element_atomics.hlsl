// Interlocked operations on elements of groupshared matrices, named by indices (`m[r][c]`,
// `m[r].y`) and by one-element swizzles (`m._m01`, `m._21`): hlslc types a matrix targeted by
// atomics as an array of rows of atomics (a one-column matrix's rows are single atomics).
// 32 threads; derived by hand:
// - Counts[0]: [0][0] counts the threads (32), [1][1] sums 0..31 (496), the rest stay 0;
// - Counts[1] starts (100, 0; 0, 0): [0][0] gets 2 per thread (164), [0][1] one bit per
//   thread (all ones), [1][0] the largest index (31), [1][1] stays 0;
// - Column starts (0; 5; 0): [1][0] gets 3 per thread through `_m10` and 1 through `_21`
//   (5 + 96 + 32 = 133), [2] one bit per thread (all ones, as int -1);
// - Swap starts (1, 2; 3, 4): thread 7 exchanges [1][0] for 9.5, so (1, 2; 9.5, 4), read as
//   float bits (0x3f800000, 0x40000000, 0x41180000, 0x40800000);
// - Tile.Bounds, a matrix member of a groupshared struct, starts (7, 0): `_m00` keeps the
//   smallest index (0), `[0][1]` the largest (31); Tile.Count counts the threads (32).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// peer-bug glslang: cannot construct a one-column matrix (`int3x1(0, 5, 0)`: "cannot construct this type")
// buffer u0 rw uint[18] = 0
// expect u0 = [32, 0, 0, 496, 164, 4294967295, 31, 0, 0, 133, 4294967295, 1065353216, 1073741824, 1092091904, 1082130432, 0, 31, 32]
groupshared row_major uint2x2 Counts[2];
groupshared int3x1 Column;
groupshared float2x2 Swap;
struct TileState {
    uint1x2 Bounds;
    uint Count;
};
groupshared TileState Tile;
RWStructuredBuffer<uint> Output : register(u0);

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    if (gi == 0) {
        Counts[0] = uint2x2(0, 0, 0, 0);
        Counts[1] = uint2x2(100, 0, 0, 0);
        Column = int3x1(0, 5, 0);
        Swap = float2x2(1, 2, 3, 4);
        Tile.Bounds = uint1x2(7, 0);
        Tile.Count = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(Counts[0][0][0], 1);
    InterlockedAdd(Counts[0][1].y, gi);
    InterlockedAdd(Counts[1][0].x, 2);
    InterlockedOr(Counts[1]._m01, 1u << gi);
    InterlockedMax(Counts[1]._21, gi);
    InterlockedAdd(Column._m10, 3);
    InterlockedAdd(Column._21, 1);
    InterlockedAdd(Column[1], 0);
    InterlockedOr(Column._31, 1 << gi);
    InterlockedMin(Tile.Bounds._m00, gi);
    InterlockedMax(Tile.Bounds[0][1], gi);
    InterlockedAdd(Tile.Count, 1);
    if (gi == 7) {
        float old;
        InterlockedExchange(Swap._m10, 9.5f, old);
    }
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0) {
        uint2x2 c0 = Counts[0];
        uint2x2 c1 = Counts[1];
        int3x1 col = Column;
        float2x2 sw = Swap;
        Output[0] = c0[0][0];
        Output[1] = c0[0][1];
        Output[2] = c0[1][0];
        Output[3] = c0[1][1];
        Output[4] = c1[0][0];
        Output[5] = c1[0][1];
        Output[6] = c1[1][0];
        Output[7] = c1[1][1];
        Output[8] = (uint)col[0];
        Output[9] = (uint)col._m10;
        Output[10] = (uint)col._m20;
        Output[11] = asuint(sw[0][0]);
        Output[12] = asuint(sw[0][1]);
        Output[13] = asuint(sw._m10);
        Output[14] = asuint(sw[1][1]);
        TileState tile = Tile;
        Output[15] = tile.Bounds._m00;
        Output[16] = tile.Bounds._m01;
        Output[17] = tile.Count;
    }
}
