// Jump flooding (Rong & Tan 2006), as distance-field and Voronoi passes write it: a 16x16
// group computes, for each pixel, the nearest of 12 seed points. Each pixel starts with the
// seed placed on it (or none); passes with step 8, 4, 2, 1 (ping-pong between two
// groupshared arrays, a `GroupMemoryBarrierWithGroupSync` per pass) look at the 9 pixels at
// offsets step * (-1..1)^2 inside the image and keep the candidate seed with the smallest
// squared distance, ties broken by the lower seed id. The thread ids come in as
// `int2 id : SV_GroupThreadID` (DXC converts the system value's uint3), neighbour
// coordinates are signed and bounds-checked. Outputs: the seed id per pixel (0xFF: none)
// and its squared distance, packed as id | dist << 8, plus the number of pixels each seed
// owns (`InterlockedAdd` into groupshared, then copied out).
// Expected values: tests/exec/work/models.py (jump_flood_voronoi) mirrors the passes.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int2[12] = [2, 6, 15, 7, 8, 14, 7, 11, 8, 15, 11, 2, 5, 12, 14, 14, 3, 10, 4, 5, 6,
//     12, 8, 15]
// buffer u1 rw uint[256] = 0
// buffer u2 rw uint[12] = 0
// expect u1 = [10240, 8713, 7433, 6665, 6409, 6665, 7429, 5125, 3333, 2053, 1285, 1029, 1285, 2053,
//     3333, 5125, 7424, 6409, 5129, 4361, 4105, 4361, 5129, 4357, 2565, 1285, 517, 261, 517, 1285,
//     2565, 4357, 5120, 4352, 3337, 2569, 2313, 2569, 3337, 4101, 2309, 1029, 261, 5, 261, 1029,
//     2309, 4101, 3328, 2560, 2057, 1289, 1033, 1289, 2057, 3337, 2565, 1285, 517, 261, 517, 1285,
//     2565, 4097, 2048, 1280, 1024, 521, 265, 521, 1289, 2569, 3333, 2053, 1285, 1029, 1285, 2053,
//     2561, 2305, 1280, 512, 256, 265, 9, 265, 1033, 2313, 4105, 3333, 2565, 2309, 2565, 2049,
//     1281, 1025, 1024, 256, 0, 256, 265, 521, 1289, 2569, 4361, 5125, 4357, 4101, 2561, 1281, 513,
//     257, 1280, 512, 256, 512, 1033, 1289, 2057, 3337, 4355, 5123, 6401, 4097, 2305, 1025, 257, 1,
//     2048, 1280, 1024, 1032, 1288, 2056, 2563, 2307, 2563, 3331, 4611, 4353, 2561, 1281, 513, 257,
//     2568, 1288, 520, 264, 520, 1288, 1283, 1027, 1283, 2051, 3331, 5121, 3329, 2049, 1281, 1025,
//     2312, 1032, 264, 8, 264, 1030, 515, 259, 515, 1283, 2563, 4355, 4609, 3329, 2561, 2305, 2568,
//     1288, 520, 264, 518, 262, 259, 3, 259, 1027, 2307, 4099, 3335, 2567, 2311, 2567, 3336, 2056,
//     1288, 1030, 262, 6, 10, 259, 515, 1282, 2050, 3330, 2055, 1287, 1031, 1287, 4616, 3336, 2566,
//     1286, 518, 262, 266, 514, 258, 514, 1282, 2562, 1287, 519, 263, 519, 7430, 5126, 3334, 2054,
//     1286, 1030, 1026, 258, 2, 258, 1026, 2306, 1031, 263, 7, 263, 8710, 6406, 4614, 3334, 2566,
//     2308, 1028, 260, 4, 260, 1028, 2308, 1287, 519, 263, 519]
// expect u2 = [23, 30, 14, 26, 7, 48, 21, 20, 23, 42, 2, 0]
#define SIZE 16
#define SEEDS 12
#define NONE 0xFFu

StructuredBuffer<int2> Seeds : register(t0);
RWStructuredBuffer<uint> Nearest : register(u1);
RWStructuredBuffer<uint> Area : register(u2);

groupshared uint Ping[SIZE * SIZE];
groupshared uint Pong[SIZE * SIZE];
groupshared uint Owned[SEEDS];

uint DistSq(int2 p, uint seed)
{
    int2 d = p - Seeds[seed];
    return (uint)(d.x * d.x + d.y * d.y);
}

bool Better(int2 p, uint candidate, uint current)
{
    if (candidate == NONE)
        return false;
    if (current == NONE)
        return true;
    uint dc = DistSq(p, candidate), dk = DistSq(p, current);
    return dc < dk || (dc == dk && candidate < current);
}

[numthreads(SIZE, SIZE, 1)]
void main(int2 id : SV_GroupThreadID, uint gi : SV_GroupIndex)
{
    uint mine = NONE;
    for (uint s = 0; s < SEEDS; ++s)
    {
        if (all(Seeds[s] == id) && mine == NONE)
            mine = s;
    }
    Ping[gi] = mine;
    if (gi < SEEDS)
        Owned[gi] = 0;
    GroupMemoryBarrierWithGroupSync();

    bool fromPing = true;
    [loop]
    for (int step = SIZE / 2; step >= 1; step /= 2)
    {
        uint best = fromPing ? Ping[gi] : Pong[gi];
        for (int dy = -1; dy <= 1; ++dy)
        {
            for (int dx = -1; dx <= 1; ++dx)
            {
                const int2 q = id + int2(dx, dy) * step;
                if (any(q < 0) || any(q >= SIZE))
                    continue;
                const uint candidate = fromPing ? Ping[q.y * SIZE + q.x] : Pong[q.y * SIZE + q.x];
                if (Better(id, candidate, best))
                    best = candidate;
            }
        }
        if (fromPing)
            Pong[gi] = best;
        else
            Ping[gi] = best;
        fromPing = !fromPing;
        GroupMemoryBarrierWithGroupSync();
    }

    const uint seed = fromPing ? Ping[gi] : Pong[gi];
    Nearest[gi] = seed == NONE ? NONE : (seed | (DistSq(id, seed) << 8));
    if (seed != NONE)
        InterlockedAdd(Owned[seed], 1);
    GroupMemoryBarrierWithGroupSync();
    if (gi < SEEDS)
        Area[gi] = Owned[gi];
}
