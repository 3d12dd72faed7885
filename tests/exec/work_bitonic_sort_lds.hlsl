// A bitonic sort of 128 (key, index) records per group in groupshared memory, as GPU sort
// samples write it: 64 threads, each compares-and-swaps one pair per step, with a
// `GroupMemoryBarrierWithGroupSync` after every step of the k/j double loop. Keys repeat
// (values mod 40), so ties are broken by the original index. Group 0 sorts ascending, group 1
// descending (direction flipped through a bool from SV_GroupID), so the ties in group 1
// come out with falling indices. Each group also sums its threads' swap counts with a
// groupshared InterlockedAdd (u2[group]): the number of exchanges the network made.
// Expected values: tests/exec/work/models.py (bitonic_sort_lds).
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer t0 ro uint[256] = [37, 33, 24, 8, 7, 25, 5, 16, 4, 3, 0, 29, 32, 19, 19, 18, 0, 14, 12,
//     35, 15, 31, 38, 36, 17, 18, 29, 18, 10, 27, 37, 32, 31, 14, 35, 10, 11, 16, 10, 28, 10, 36,
//     22, 19, 16, 22, 20, 26, 34, 27, 14, 29, 26, 30, 26, 8, 31, 27, 12, 24, 18, 38, 6, 16, 0, 4,
//     6, 28, 38, 31, 23, 8, 23, 37, 21, 17, 24, 10, 20, 18, 11, 0, 33, 7, 14, 29, 23, 28, 4, 12,
//     26, 38, 18, 17, 31, 0, 34, 17, 24, 14, 34, 14, 27, 36, 29, 14, 28, 15, 39, 13, 13, 10, 37,
//     21, 20, 25, 34, 4, 28, 0, 34, 5, 9, 20, 25, 36, 15, 0, 4, 30, 35, 24, 38, 22, 0, 1, 19, 8,
//     34, 5, 7, 24, 14, 26, 39, 34, 14, 3, 13, 11, 24, 37, 15, 30, 39, 18, 33, 39, 24, 16, 13, 19,
//     14, 18, 25, 13, 13, 37, 0, 33, 33, 27, 31, 27, 22, 2, 32, 0, 33, 13, 33, 18, 5, 17, 37, 15,
//     14, 32, 0, 35, 9, 0, 31, 8, 24, 36, 29, 20, 33, 9, 30, 18, 31, 25, 22, 30, 31, 18, 18, 29, 4,
//     31, 5, 25, 18, 13, 35, 32, 29, 15, 0, 6, 17, 16, 17, 13, 35, 31, 16, 11, 22, 37, 12, 11, 14,
//     24, 30, 9, 7, 2, 11, 18, 30, 18, 16, 9, 14, 25, 24, 10, 19, 21, 8, 33, 18, 17]
// buffer u1 rw uint2[256] = 0
// buffer u2 rw uint[2] = 0
// expect u1 = [0, 10, 0, 16, 0, 64, 0, 81, 0, 95, 0, 119, 0, 127, 3, 9, 4, 8, 4, 65, 4, 88, 4, 117,
//     5, 6, 5, 121, 6, 62, 6, 66, 7, 4, 7, 83, 8, 3, 8, 55, 8, 71, 9, 122, 10, 28, 10, 35, 10, 38,
//     10, 40, 10, 77, 10, 111, 11, 36, 11, 80, 12, 18, 12, 58, 12, 89, 13, 109, 13, 110, 14, 17,
//     14, 33, 14, 50, 14, 84, 14, 99, 14, 101, 14, 105, 15, 20, 15, 107, 15, 126, 16, 7, 16, 37,
//     16, 44, 16, 63, 17, 24, 17, 75, 17, 93, 17, 97, 18, 15, 18, 25, 18, 27, 18, 60, 18, 79, 18,
//     92, 19, 13, 19, 14, 19, 43, 20, 46, 20, 78, 20, 114, 20, 123, 21, 74, 21, 113, 22, 42, 22,
//     45, 23, 70, 23, 72, 23, 86, 24, 2, 24, 59, 24, 76, 24, 98, 25, 5, 25, 115, 25, 124, 26, 47,
//     26, 52, 26, 54, 26, 90, 27, 29, 27, 49, 27, 57, 27, 102, 28, 39, 28, 67, 28, 87, 28, 106, 28,
//     118, 29, 11, 29, 26, 29, 51, 29, 85, 29, 104, 30, 53, 31, 21, 31, 32, 31, 56, 31, 69, 31, 94,
//     32, 12, 32, 31, 33, 1, 33, 82, 34, 48, 34, 96, 34, 100, 34, 116, 34, 120, 35, 19, 35, 34, 36,
//     23, 36, 41, 36, 103, 36, 125, 37, 0, 37, 30, 37, 73, 37, 112, 38, 22, 38, 61, 38, 68, 38, 91,
//     39, 108, 39, 29, 39, 26, 39, 16, 38, 4, 37, 103, 37, 56, 37, 39, 37, 23, 36, 67, 35, 98, 35,
//     88, 35, 61, 35, 2, 34, 17, 34, 10, 33, 125, 33, 70, 33, 52, 33, 50, 33, 42, 33, 41, 33, 28,
//     32, 89, 32, 59, 32, 48, 31, 99, 31, 83, 31, 78, 31, 74, 31, 64, 31, 44, 30, 114, 30, 108, 30,
//     77, 30, 72, 30, 25, 30, 1, 29, 90, 29, 81, 29, 68, 27, 45, 27, 43, 26, 15, 25, 119, 25, 85,
//     25, 75, 25, 36, 24, 120, 24, 107, 24, 66, 24, 30, 24, 22, 24, 13, 24, 3, 22, 102, 22, 76, 22,
//     46, 22, 5, 21, 123, 20, 69, 19, 122, 19, 33, 19, 8, 18, 126, 18, 115, 18, 113, 18, 86, 18,
//     80, 18, 79, 18, 73, 18, 53, 18, 35, 18, 27, 17, 127, 17, 96, 17, 94, 17, 55, 16, 116, 16,
//     100, 16, 95, 16, 31, 15, 91, 15, 57, 15, 24, 14, 118, 14, 106, 14, 58, 14, 34, 14, 18, 14,
//     14, 13, 97, 13, 87, 13, 51, 13, 38, 13, 37, 13, 32, 13, 20, 12, 104, 11, 112, 11, 105, 11,
//     101, 11, 21, 10, 121, 9, 117, 9, 109, 9, 71, 9, 62, 8, 124, 8, 65, 8, 9, 7, 110, 7, 12, 6,
//     93, 5, 84, 5, 54, 5, 11, 4, 82, 4, 0, 3, 19, 2, 111, 2, 47, 1, 7, 0, 92, 0, 63, 0, 60, 0, 49,
//     0, 40, 0, 6]
// expect u2 = [882, 874]
#define N 128

StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint2> Sorted : register(u1);
RWStructuredBuffer<uint> Swaps : register(u2);

groupshared uint2 Tile[N];
groupshared uint SwapCount;

bool Greater(uint2 a, uint2 b)
{
    return a.x > b.x || (a.x == b.x && a.y > b.y);
}

[numthreads(64, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    const uint base = gid.x * N;
    const bool descending = gid.x == 1;
    Tile[gi] = uint2(Keys[base + gi], gi);
    Tile[gi + 64] = uint2(Keys[base + gi + 64], gi + 64);
    if (gi == 0)
        SwapCount = 0;
    GroupMemoryBarrierWithGroupSync();

    uint mySwaps = 0;
    [loop]
    for (uint k = 2; k <= N; k <<= 1)
    {
        [loop]
        for (uint j = k >> 1; j > 0; j >>= 1)
        {
            // The pair (i, i + j) with bit j of i clear.
            uint i = (gi / j) * 2 * j + (gi % j);
            uint l = i + j;
            bool up = ((i & k) == 0) != descending;
            uint2 a = Tile[i];
            uint2 b = Tile[l];
            if (up ? Greater(a, b) : Greater(b, a))
            {
                Tile[i] = b;
                Tile[l] = a;
                mySwaps++;
            }
            GroupMemoryBarrierWithGroupSync();
        }
    }
    InterlockedAdd(SwapCount, mySwaps);
    GroupMemoryBarrierWithGroupSync();
    Sorted[base + gi] = Tile[gi];
    Sorted[base + gi + 64] = Tile[gi + 64];
    if (gi == 0)
        Swaps[gid.x] = SwapCount;
}
