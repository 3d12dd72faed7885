// Stream compaction across several groups, as culling and particle-sorting passes write it:
// 4 groups of 64 threads keep the values that pass a predicate (v % 5 != 0 and v < 900).
// Within a group, `WavePrefixCountBits` ranks a survivor in its wave, the first lane of each
// wave stores `WaveActiveCountBits` in groupshared memory, and thread 0 scans the wave totals
// into wave offsets and reserves the group's range in the output with one global
// `InterlockedAdd` (the original value is the group's base). Survivors keep their order
// within a group; the order of the groups' ranges is the device's. After a
// `DeviceMemoryBarrierWithGroupSync` thread k of each group reads slot k of its group's
// range back (written by whichever thread had rank k) and checks it against the k-th
// survivor kept in groupshared memory (GroupStats counts the matches), so the whole result is
// compared without fixing the groups' order: per-thread local ranks, per-group survivor
// counts and matches, and the total.
// Expected values: tests/exec/work/models.py (stream_compact_groups).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 4 1 1
// buffer t0 ro uint[256] = [434, 76, 954, 148, 766, 755, 768, 958, 316, 250, 954, 259, 278, 237,
//     546, 166, 474, 816, 639, 971, 932, 152, 586, 310, 646, 152, 816, 468, 262, 532, 622, 807,
//     855, 184, 271, 661, 821, 417, 320, 90, 684, 410, 67, 496, 113, 167, 190, 589, 295, 972, 556,
//     572, 218, 214, 570, 393, 887, 320, 578, 305, 136, 582, 162, 246, 179, 300, 445, 566, 228,
//     871, 775, 61, 637, 186, 37, 565, 396, 225, 682, 500, 572, 840, 978, 205, 289, 740, 273, 860,
//     831, 544, 924, 198, 163, 152, 886, 942, 880, 313, 203, 280, 490, 909, 215, 808, 542, 90, 863,
//     338, 366, 11, 685, 83, 32, 141, 151, 998, 447, 290, 193, 863, 976, 472, 29, 387, 118, 914,
//     745, 245, 629, 381, 624, 169, 185, 251, 591, 955, 710, 514, 504, 680, 161, 229, 265, 818,
//     901, 81, 813, 815, 366, 352, 344, 891, 137, 848, 247, 752, 320, 292, 173, 372, 513, 289, 574,
//     634, 823, 977, 942, 246, 343, 82, 666, 445, 244, 983, 613, 481, 738, 845, 131, 336, 789, 991,
//     184, 334, 857, 216, 457, 733, 203, 599, 864, 51, 38, 93, 484, 459, 422, 880, 750, 465, 15,
//     298, 659, 482, 406, 914, 752, 145, 382, 321, 192, 842, 827, 765, 824, 57, 138, 353, 146, 194,
//     93, 977, 996, 90, 122, 473, 353, 596, 365, 542, 365, 164, 328, 251, 541, 631, 553, 548, 188,
//     960, 659, 589, 302, 211, 98, 27, 247, 396, 2, 129, 196, 559, 648, 27, 792, 809]
// buffer u1 rw uint[256] = 0
// buffer u2 rw uint[256] = 0
// buffer u3 rw uint[8] = 0
// buffer u4 rw uint[1] = 0
// expect u1 = [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u2 = [0, 1, 4294967295, 2, 3, 4294967295, 4, 4294967295, 5, 4294967295, 4294967295, 6, 7,
//     8, 9, 10, 11, 12, 13, 4294967295, 4294967295, 14, 15, 4294967295, 16, 17, 18, 19, 20, 21, 22,
//     23, 4294967295, 24, 25, 26, 27, 28, 4294967295, 4294967295, 29, 4294967295, 30, 31, 32, 33,
//     4294967295, 34, 4294967295, 4294967295, 35, 36, 37, 38, 4294967295, 39, 40, 4294967295, 41,
//     4294967295, 42, 43, 44, 45, 0, 4294967295, 4294967295, 1, 2, 3, 4294967295, 4, 5, 6, 7,
//     4294967295, 8, 4294967295, 9, 4294967295, 10, 4294967295, 4294967295, 4294967295, 11,
//     4294967295, 12, 4294967295, 13, 14, 4294967295, 15, 16, 17, 18, 4294967295, 4294967295, 19,
//     20, 4294967295, 4294967295, 4294967295, 4294967295, 21, 22, 4294967295, 23, 24, 25, 26,
//     4294967295, 27, 28, 29, 30, 4294967295, 31, 4294967295, 32, 33, 4294967295, 34, 35, 36, 37,
//     4294967295, 4294967295, 4294967295, 0, 1, 2, 3, 4294967295, 4, 5, 4294967295, 4294967295, 6,
//     7, 4294967295, 8, 9, 4294967295, 10, 4294967295, 11, 12, 4294967295, 13, 14, 15, 16, 17, 18,
//     19, 20, 4294967295, 21, 22, 23, 24, 25, 26, 27, 28, 4294967295, 4294967295, 29, 30, 31, 32,
//     4294967295, 33, 4294967295, 34, 35, 36, 4294967295, 37, 38, 39, 4294967295, 40, 41, 42, 43,
//     44, 45, 46, 47, 48, 49, 0, 1, 2, 3, 4, 4294967295, 4294967295, 4294967295, 4294967295, 5, 6,
//     7, 8, 4294967295, 9, 4294967295, 10, 11, 12, 13, 14, 4294967295, 15, 16, 17, 18, 19, 20, 21,
//     4294967295, 4294967295, 4294967295, 22, 23, 24, 25, 4294967295, 26, 4294967295, 27, 28, 29,
//     30, 31, 32, 33, 34, 4294967295, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49,
//     50]
// expect u3 = [46, 46, 38, 38, 50, 50, 51, 51]
// expect u4 = [185]
StructuredBuffer<uint> Values : register(t0);
RWStructuredBuffer<uint> Compacted : register(u1);
RWStructuredBuffer<uint> LocalRank : register(u2);   // 0xFFFFFFFF for dropped values
RWStructuredBuffer<uint> GroupStats : register(u3);  // per group: survivors, verified slots
RWStructuredBuffer<uint> Counter : register(u4);

groupshared uint WaveCount[64];
groupshared uint GroupBase;
groupshared uint GroupTotal;
groupshared uint Verified;
groupshared uint Survivors[64];

bool Keep(uint v)
{
    return v % 5 != 0 && v < 900;
}

[numthreads(64, 1, 1)]
void main(uint3 gid : SV_GroupID, uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    const uint v = Values[dtid.x];
    const bool keep = Keep(v);
    const uint lanes = WaveGetLaneCount();
    const uint wave = gi / lanes;
    const uint rankInWave = WavePrefixCountBits(keep);
    const uint waveTotal = WaveActiveCountBits(keep);
    if (WaveIsFirstLane())
        WaveCount[wave] = waveTotal;
    if (gi == 0)
        Verified = 0;
    GroupMemoryBarrierWithGroupSync();

    if (gi == 0)
    {
        uint running = 0;
        for (uint w = 0; w < (64 + lanes - 1) / lanes; ++w)
        {
            uint c = WaveCount[w];
            WaveCount[w] = running;
            running += c;
        }
        GroupTotal = running;
        InterlockedAdd(Counter[0], running, GroupBase);
    }
    GroupMemoryBarrierWithGroupSync();

    const uint rank = WaveCount[wave] + rankInWave;
    LocalRank[dtid.x] = keep ? rank : 0xFFFFFFFF;
    if (keep)
    {
        Compacted[GroupBase + rank] = v;
        Survivors[rank] = v;
    }
    DeviceMemoryBarrierWithGroupSync();

    // Thread k checks slot k of the group's range, written by another thread.
    if (gi < GroupTotal && Compacted[GroupBase + gi] == Survivors[gi])
        InterlockedAdd(Verified, 1);
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0)
    {
        GroupStats[gid.x * 2 + 0] = GroupTotal;
        GroupStats[gid.x * 2 + 1] = Verified;
    }
}
