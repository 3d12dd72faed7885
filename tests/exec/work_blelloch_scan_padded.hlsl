// The work-efficient (Blelloch) exclusive scan of GPU Gems 3, ch. 39, as written for
// groupshared memory with bank-conflict padding: 64 threads scan 128 uints per group, two
// per thread, in a groupshared array indexed through CONFLICT_FREE_OFFSET(n) = n >> 5
// (one padding word every 32 banks). The up-sweep builds partial sums in a tree (offset
// doubling, a barrier per level), thread 0 saves the total and clears the root, the
// down-sweep swaps and adds back down the tree (a barrier per level). Two groups scan two
// arrays independently; outputs are the exclusive scans and each group's total. Values are
// small uints, so the results are exact.
// Expected values: tests/exec/work/models.py (blelloch_scan_padded).
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer t0 ro uint[256] = [660, 149, 382, 757, 318, 566, 769, 717, 824, 574, 6, 429, 485, 256,
//     609, 762, 945, 680, 812, 319, 233, 867, 853, 864, 600, 388, 791, 777, 754, 655, 662, 391, 19,
//     416, 966, 237, 472, 235, 884, 423, 948, 949, 563, 481, 691, 481, 103, 400, 281, 483, 621,
//     767, 891, 360, 783, 130, 387, 507, 275, 757, 352, 336, 77, 805, 155, 851, 839, 229, 697, 657,
//     159, 729, 423, 524, 136, 429, 928, 394, 718, 702, 361, 647, 125, 231, 508, 533, 50, 116, 951,
//     218, 136, 641, 941, 945, 739, 843, 187, 206, 248, 245, 403, 62, 297, 347, 395, 603, 500, 297,
//     510, 571, 173, 644, 976, 962, 390, 751, 62, 26, 933, 998, 979, 385, 701, 637, 707, 338, 818,
//     681, 538, 921, 896, 461, 741, 675, 116, 741, 351, 787, 849, 950, 316, 757, 691, 562, 144,
//     125, 503, 31, 272, 471, 175, 136, 286, 520, 65, 442, 400, 755, 768, 207, 74, 124, 649, 285,
//     38, 712, 759, 343, 962, 754, 222, 90, 361, 78, 2, 720, 184, 304, 143, 791, 465, 277, 714,
//     210, 874, 79, 958, 158, 774, 820, 415, 885, 529, 64, 826, 789, 368, 381, 265, 905, 30, 481,
//     642, 262, 879, 263, 984, 174, 71, 3, 448, 631, 715, 626, 949, 652, 302, 166, 739, 378, 284,
//     973, 870, 108, 513, 459, 554, 277, 194, 882, 4, 148, 617, 240, 767, 634, 21, 640, 591, 45,
//     439, 550, 360, 951, 52, 343, 607, 431, 313, 398, 751, 886, 817, 39, 180, 194]
// buffer u1 rw uint[256] = 0
// buffer u2 rw uint[2] = 0
// expect u1 = [0, 660, 809, 1191, 1948, 2266, 2832, 3601, 4318, 5142, 5716, 5722, 6151, 6636, 6892,
//     7501, 8263, 9208, 9888, 10700, 11019, 11252, 12119, 12972, 13836, 14436, 14824, 15615, 16392,
//     17146, 17801, 18463, 18854, 18873, 19289, 20255, 20492, 20964, 21199, 22083, 22506, 23454,
//     24403, 24966, 25447, 26138, 26619, 26722, 27122, 27403, 27886, 28507, 29274, 30165, 30525,
//     31308, 31438, 31825, 32332, 32607, 33364, 33716, 34052, 34129, 34934, 35089, 35940, 36779,
//     37008, 37705, 38362, 38521, 39250, 39673, 40197, 40333, 40762, 41690, 42084, 42802, 43504,
//     43865, 44512, 44637, 44868, 45376, 45909, 45959, 46075, 47026, 47244, 47380, 48021, 48962,
//     49907, 50646, 51489, 51676, 51882, 52130, 52375, 52778, 52840, 53137, 53484, 53879, 54482,
//     54982, 55279, 55789, 56360, 56533, 57177, 58153, 59115, 59505, 60256, 60318, 60344, 61277,
//     62275, 63254, 63639, 64340, 64977, 65684, 66022, 66840, 0, 538, 1459, 2355, 2816, 3557, 4232,
//     4348, 5089, 5440, 6227, 7076, 8026, 8342, 9099, 9790, 10352, 10496, 10621, 11124, 11155,
//     11427, 11898, 12073, 12209, 12495, 13015, 13080, 13522, 13922, 14677, 15445, 15652, 15726,
//     15850, 16499, 16784, 16822, 17534, 18293, 18636, 19598, 20352, 20574, 20664, 21025, 21103,
//     21105, 21825, 22009, 22313, 22456, 23247, 23712, 23989, 24703, 24913, 25787, 25866, 26824,
//     26982, 27756, 28576, 28991, 29876, 30405, 30469, 31295, 32084, 32452, 32833, 33098, 34003,
//     34033, 34514, 35156, 35418, 36297, 36560, 37544, 37718, 37789, 37792, 38240, 38871, 39586,
//     40212, 41161, 41813, 42115, 42281, 43020, 43398, 43682, 44655, 45525, 45633, 46146, 46605,
//     47159, 47436, 47630, 48512, 48516, 48664, 49281, 49521, 50288, 50922, 50943, 51583, 52174,
//     52219, 52658, 53208, 53568, 54519, 54571, 54914, 55521, 55952, 56265, 56663, 57414, 58300,
//     59117, 59156, 59336]
// expect u2 = [67521, 59530]
#define N 128
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Output : register(u1);
RWStructuredBuffer<uint> Totals : register(u2);

groupshared uint Temp[N + N / 32];

[numthreads(N / 2, 1, 1)]
void main(uint3 gid : SV_GroupID, uint thid : SV_GroupIndex)
{
    const uint base = gid.x * N;
    uint ai = thid;
    uint bi = thid + N / 2;
    uint bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    uint bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    Temp[ai + bankOffsetA] = Input[base + ai];
    Temp[bi + bankOffsetB] = Input[base + bi];

    uint offset = 1;
    [loop]
    for (uint d = N >> 1; d > 0; d >>= 1)
    {
        GroupMemoryBarrierWithGroupSync();
        if (thid < d)
        {
            uint a = offset * (2 * thid + 1) - 1;
            uint b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            Temp[b] += Temp[a];
        }
        offset *= 2;
    }

    if (thid == 0)
    {
        const uint last = N - 1 + CONFLICT_FREE_OFFSET(N - 1);
        Totals[gid.x] = Temp[last];
        Temp[last] = 0;
    }

    [loop]
    for (uint e = 1; e < N; e *= 2)
    {
        offset >>= 1;
        GroupMemoryBarrierWithGroupSync();
        if (thid < e)
        {
            uint a = offset * (2 * thid + 1) - 1;
            uint b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            uint t = Temp[a];
            Temp[a] = Temp[b];
            Temp[b] += t;
        }
    }
    GroupMemoryBarrierWithGroupSync();
    Output[base + ai] = Temp[ai + bankOffsetA];
    Output[base + bi] = Temp[bi + bankOffsetB];
}
