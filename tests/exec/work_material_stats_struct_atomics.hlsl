// Per-material statistics as G-buffer analysis passes (material sorting, shading-rate
// decisions) gather them, with atomics on struct members: each of two 8x8 groups reads a
// material id and a depth per pixel, folds them into a groupshared array of structs
// (`InterlockedAdd(Local[m].count, 1)`, `InterlockedMax(Local[m].maxDepth, depth)`,
// `InterlockedMin(Local[m].minDelta, delta)` on an `int` member with negative values,
// `InterlockedOr(Local[m].tileMask, bit)`), and after a barrier the first 8 threads flush
// one material each into an `RWStructuredBuffer` of the same struct with the same atomics on
// its members (the two groups meet there). The global buffer starts with count 0, maxDepth 0,
// minDelta INT_MAX and tileMask 0; so does the groupshared copy, initialised by the same
// threads. Material ids, depths and deltas are integers. The header spells the struct
// array as int[32] (the masks as signed words).
// Expected values: tests/exec/work/models.py (material_stats_struct_atomics).
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer t0 ro uint2[128] = [0, 551, 3, 803, 0, 355, 6, 786, 3, 173, 2, 265, 2, 42, 0, 84, 1, 221,
//     0, 15, 5, 154, 0, 807, 6, 901, 5, 519, 4, 459, 2, 915, 1, 102, 2, 647, 6, 916, 5, 232, 2,
//     625, 0, 481, 5, 335, 1, 110, 1, 436, 0, 955, 4, 347, 6, 749, 2, 840, 5, 519, 5, 728, 3, 229,
//     3, 965, 1, 307, 2, 13, 0, 198, 5, 4, 3, 9, 2, 404, 5, 704, 4, 635, 3, 623, 6, 964, 2, 91, 3,
//     67, 4, 127, 2, 813, 4, 495, 3, 829, 1, 304, 4, 911, 1, 892, 6, 95, 2, 425, 1, 185, 1, 450, 2,
//     66, 1, 804, 6, 549, 0, 241, 3, 14, 2, 839, 1, 18, 2, 449, 1, 676, 5, 860, 0, 608, 0, 98, 0,
//     802, 2, 185, 5, 175, 2, 980, 2, 57, 0, 336, 3, 814, 3, 535, 5, 18, 2, 815, 6, 287, 1, 147, 1,
//     571, 1, 392, 0, 785, 4, 528, 5, 69, 3, 545, 0, 292, 6, 814, 0, 16, 1, 684, 6, 503, 6, 886, 0,
//     101, 0, 663, 4, 692, 4, 398, 5, 306, 2, 20, 2, 642, 6, 255, 4, 392, 3, 857, 6, 449, 6, 225,
//     0, 296, 6, 152, 4, 745, 4, 700, 3, 760, 0, 224, 3, 161, 4, 328, 4, 753, 3, 272, 1, 195, 0,
//     277, 4, 307, 1, 58, 4, 902, 3, 19, 6, 895, 2, 884, 6, 834, 2, 178, 5, 827, 6, 0, 1, 750, 1,
//     34]
// buffer u1 rw int[32] = [0, 0, 2147483647, 0, 0, 0, 2147483647, 0, 0, 0, 2147483647, 0, 0, 0,
//     2147483647, 0, 0, 0, 2147483647, 0, 0, 0, 2147483647, 0, 0, 0, 2147483647, 0, 0, 0,
//     2147483647, 0]
// expect u1 = [21, 955, -485, 485966183, 20, 892, -482, -1336282764, 22, 980, -487, 1091497914, 17,
//     965, -491, 975478659, 16, 911, -373, 1049631816, 14, 860, -496, -2127887684, 18, 964, -500,
//     -949459879, 0, 0, 2147483647, 0]
struct MaterialStats
{
    uint count;
    uint maxDepth;
    int minDelta;
    uint tileMask;
};

StructuredBuffer<uint2> Pixels : register(t0);    // material id, depth
RWStructuredBuffer<MaterialStats> Global : register(u1);

groupshared MaterialStats Local[8];

[numthreads(8, 8, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    if (gi < 8)
    {
        Local[gi].count = 0;
        Local[gi].maxDepth = 0;
        Local[gi].minDelta = 0x7FFFFFFF;
        Local[gi].tileMask = 0;
    }
    GroupMemoryBarrierWithGroupSync();

    const uint2 px = Pixels[gid.x * 64 + gi];
    const uint m = px.x;
    const int delta = (int)px.y - 500;
    InterlockedAdd(Local[m].count, 1);
    InterlockedMax(Local[m].maxDepth, px.y);
    InterlockedMin(Local[m].minDelta, delta);
    InterlockedOr(Local[m].tileMask, 1u << (gid.x * 16 + (gi >> 2)));
    GroupMemoryBarrierWithGroupSync();

    if (gi < 8 && Local[gi].count > 0)
    {
        InterlockedAdd(Global[gi].count, Local[gi].count);
        InterlockedMax(Global[gi].maxDepth, Local[gi].maxDepth);
        InterlockedMin(Global[gi].minDelta, Local[gi].minDelta);
        InterlockedOr(Global[gi].tileMask, Local[gi].tileMask);
    }
}
