// Single-source shortest paths on an 8x8 grid of entry costs by parallel Bellman-Ford in
// groupshared memory: one thread per cell relaxes from its four neighbours (neighbour
// distances read atomically with InterlockedOr(x, 0, value), updates with InterlockedMin
// returning the original), a groupshared `changed` flag decides, after a barrier, whether
// the whole group runs another round (a uniform break out of a loop with three barriers
// per round). The rounds needed depend on timing; the distances do not.
// Expected values: tests/exec/algo/models.py (grid_shortest_paths, Dijkstra).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[64] = 0
// buffer u2 rw uint[1] = 0
// buffer t0 ro uint[64] = [0, 5, 7, 4, 4, 5, 3, 6, 8, 9, 1, 4, 9, 1, 8, 7,
//     2, 2, 3, 8, 8, 4, 4, 3, 5, 2, 5, 9, 2, 1, 1, 7,
//     2, 7, 7, 2, 2, 9, 2, 8, 9, 3, 3, 4, 8, 8, 8, 8,
//     8, 2, 4, 7, 8, 4, 9, 7, 5, 8, 6, 7, 3, 5, 3, 7]
// expect u1 = [0, 5, 12, 16, 20, 25, 28, 34, 8, 14, 13, 17, 26, 26, 34, 41,
//     10, 12, 15, 23, 31, 30, 34, 37, 15, 14, 19, 28, 30, 31, 32, 39,
//     17, 21, 26, 28, 30, 39, 34, 42, 26, 24, 27, 31, 38, 46, 42, 50,
//     34, 26, 30, 37, 45, 49, 51, 57, 39, 34, 36, 43, 46, 51, 54, 61]
// expect u2 = [61]
StructuredBuffer<uint> Cost : register(t0);
RWStructuredBuffer<uint> Dist : register(u1);
RWStructuredBuffer<uint> Farthest : register(u2);

groupshared uint dist[64];
groupshared uint changed;

uint readDist(uint cell) {
    uint value;
    InterlockedOr(dist[cell], 0u, value);
    return value;
}

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_GroupThreadID, uint gi : SV_GroupIndex) {
    dist[gi] = gi == 0 ? 0 : 0xFFFFFFFFu;
    uint cost = Cost[gi];
    static const int2 STEPS[4] = { int2(1, 0), int2(-1, 0), int2(0, 1), int2(0, -1) };
    for (uint round = 0; round < 64; ++round) {
        if (gi == 0) changed = 0;
        GroupMemoryBarrierWithGroupSync();
        for (uint k = 0; k < 4; ++k) {
            int2 q = int2(tid.xy) + STEPS[k];
            if (any(q < 0) || any(q > 7))
                continue;
            uint nd = readDist(q.y * 8 + q.x);
            if (nd == 0xFFFFFFFFu)
                continue;
            uint original;
            InterlockedMin(dist[gi], nd + cost, original);
            if (nd + cost < original)
                InterlockedOr(changed, 1u);
        }
        GroupMemoryBarrierWithGroupSync();
        if (changed == 0)
            break;
        GroupMemoryBarrierWithGroupSync();
    }
    Dist[gi] = dist[gi];
    InterlockedMax(Farthest[0], dist[gi]);
}
