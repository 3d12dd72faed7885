// Parallel run-length encoding of 32 values with a work-efficient (Blelloch) exclusive scan
// in groupshared: head flags (value differs from the left neighbour), up-sweep and
// down-sweep with strided indices and a barrier per level, run heads scatter (value, start)
// into groupshared slot = scanned index, then each run's length is the next run's start
// minus its own (the last run ends at 32). Output: run count, then (value, start, length)
// per run, zero-filled. A second buffer decodes the runs back (each thread finds its run
// by binary search over the starts: a loop with a data-dependent exit).
// Expected values: tests/exec/algo/models.py (rle).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[97] = 0
// buffer u2 rw uint[32] = 0
// buffer t0 ro uint[32] = [3, 3, 3, 7, 7, 1, 1, 1, 1, 9, 3, 3, 0, 0, 0, 0,
//     0, 5, 5, 6, 7, 7, 7, 7, 7, 7, 2, 2, 2, 8, 8, 8]
// expect u1 = [11, 3, 0, 3, 7, 3, 2, 1, 5, 4, 9, 9, 1, 3, 10, 2,
//     0, 12, 5, 5, 17, 2, 6, 19, 1, 7, 20, 6, 2, 26, 3, 8,
//     29, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0]
// expect u2 = [3, 3, 3, 7, 7, 1, 1, 1, 1, 9, 3, 3, 0, 0, 0, 0,
//     0, 5, 5, 6, 7, 7, 7, 7, 7, 7, 2, 2, 2, 8, 8, 8]
StructuredBuffer<uint> Raw : register(t0);
RWStructuredBuffer<uint> Runs : register(u1);
RWStructuredBuffer<uint> Decoded : register(u2);

#define N 32

groupshared uint scan[N];
groupshared uint2 heads[N];
groupshared uint runCount;

[numthreads(N, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint v = Raw[i];
    bool head = i == 0 || Raw[i - 1] != v;
    scan[i] = head ? 1 : 0;
    GroupMemoryBarrierWithGroupSync();

    // up-sweep
    uint offset = 1;
    for (uint d = N >> 1; d > 0; d >>= 1) {
        if (i < d) {
            uint a = offset * (2 * i + 1) - 1;
            uint b = offset * (2 * i + 2) - 1;
            scan[b] += scan[a];
        }
        offset <<= 1;
        GroupMemoryBarrierWithGroupSync();
    }
    if (i == 0) {
        runCount = scan[N - 1];
        scan[N - 1] = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    // down-sweep
    for (uint d2 = 1; d2 < N; d2 <<= 1) {
        offset >>= 1;
        if (i < d2) {
            uint a = offset * (2 * i + 1) - 1;
            uint b = offset * (2 * i + 2) - 1;
            uint t = scan[a];
            scan[a] = scan[b];
            scan[b] += t;
        }
        GroupMemoryBarrierWithGroupSync();
    }

    if (head)
        heads[scan[i]] = uint2(v, i);
    GroupMemoryBarrierWithGroupSync();

    uint count = runCount;
    if (i == 0) Runs[0] = count;
    if (i < count) {
        uint next = i + 1 < count ? heads[i + 1].y : N;
        Runs[1 + 3 * i] = heads[i].x;
        Runs[2 + 3 * i] = heads[i].y;
        Runs[3 + 3 * i] = next - heads[i].y;
    }

    // decode: the last run whose start is <= i
    uint lo = 0, hi = count;
    while (hi - lo > 1) {
        uint mid = (lo + hi) / 2;
        if (heads[mid].y <= i) lo = mid;
        else hi = mid;
    }
    Decoded[i] = heads[lo].x;
}
