// Block-matching motion estimation as video encoders' compute passes write it with `msad4`:
// each thread takes one 4x4 reference block (4 rows of 4 luma bytes, one uint per row; a
// zero byte is a "don't care" pixel that msad4 skips) and searches 12 horizontal positions
// in a 4-row strip of the current frame (16 bytes per row, 4 uints). For candidate offsets
// 4k..4k+3 one `msad4(ref row, uint2(strip word k, word k+1), acc)` per row accumulates
// four SADs at once; the thread keeps the lowest SAD (ties: the lowest offset), then the
// group agrees on the best block with `WaveActiveMin` of (sad << 8 | thread) combined across
// waves through a groupshared `InterlockedMin`. Outputs: all 12 SADs of every block, each
// block's (best offset, best SAD) and the group's winner.
// msad4(ref, src, acc)[i] = acc[i] + sum over bytes j with ref.byte[j] != 0 of
// |ref.byte[j] - byte (i + j) of the 8-byte string src.y:src.x| (D3D's definition, as in
// msad4_d3dcolor_to_ubyte4).
// Expected values: tests/exec/work/models.py (msad4_motion_search).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[64] = [2921576960, 20567711, 16067577, 1627395544, 4212156782, 8872572,
//     3187682831, 2571763917, 11842343, 1006633274, 3482386672, 3984284672, 1124136465, 912720008,
//     1123399936, 3650132043, 1814560946, 2155625984, 309054356, 8449151, 2789165312, 1766471272,
//     10568950, 3103840654, 291793706, 6585722, 4244639600, 1324089466, 11280568, 1090532050,
//     2523725869, 2103089920, 4227863654, 1785790562, 4089182976, 2442874858, 716374187,
//     2067744256, 1909034597, 15630434, 1044643328, 1328703344, 4323255, 1442878876, 1752115117,
//     8616510, 738224588, 3990094065, 2407219, 16831392, 1827930354, 1536823808, 4160774767,
//     1871183996, 3153604352, 2589061840, 2964652067, 1078002176, 3448859637, 8282264, 1157233664,
//     929461380, 15842556, 3556809036]
// buffer t1 ro uint[20] = [2938353462, 1814671793, 4244181862, 1638482247, 3784105866, 3592867,
//     2155625796, 1735492707, 4167650099, 3086513960, 1777544182, 292408210, 4089117743,
//     2473500737, 3042893181, 1587287765, 3514757247, 2459454958, 1723618263, 1342203181]
// buffer u2 rw uint[192] = 0
// buffer u3 rw uint2[16] = 0
// buffer u4 rw uint[1] = 0
// peer-bug glslang: crashes (SIGSEGV) compiling msad4
// expect u2 = [28, 1534, 989, 1262, 1338, 1257, 1256, 1030, 1356, 1143, 1094, 959, 929, 1139, 1104,
//     1311, 1058, 1117, 960, 33, 818, 1470, 1289, 865, 990, 1007, 34, 884, 916, 959, 1082, 1156,
//     912, 714, 1045, 903, 924, 1153, 818, 856, 802, 1145, 1198, 1130, 1213, 26, 956, 1097, 1351,
//     895, 1123, 821, 14, 742, 1040, 1027, 1283, 1013, 776, 706, 951, 1051, 628, 951, 649, 784,
//     801, 753, 1133, 996, 913, 28, 980, 1402, 1113, 884, 1201, 1080, 25, 962, 1155, 1167, 960,
//     1162, 1300, 31, 1008, 820, 938, 951, 998, 808, 736, 1192, 917, 781, 1050, 989, 874, 1156,
//     1152, 1013, 1220, 742, 17, 1200, 1158, 1013, 1263, 821, 937, 33, 832, 838, 868, 1223, 1067,
//     831, 766, 924, 1094, 1016, 993, 852, 726, 929, 784, 1284, 1212, 829, 32, 919, 1068, 1346,
//     977, 946, 701, 30, 1087, 1094, 1099, 1047, 1036, 808, 30, 1307, 992, 1110, 1200, 1265, 1168,
//     1084, 1178, 806, 1011, 1119, 898, 1163, 920, 1200, 1018, 1145, 1012, 34, 745, 1134, 1370,
//     643, 877, 935, 27, 945, 1120, 1040, 1092, 1183, 981, 829, 1020, 762, 1157, 1197, 846, 821,
//     931, 1104, 1189, 1335, 1153, 26, 793, 1006]
// expect u3 = [0, 28, 7, 33, 2, 34, 9, 26, 4, 14, 11, 28, 6, 25, 1, 31, 8, 17, 3, 33, 10, 32, 5,
//     30, 0, 30, 7, 34, 2, 27, 9, 26]
// expect u4 = [3588]
StructuredBuffer<uint> RefBlocks : register(t0); // 16 blocks x 4 rows
StructuredBuffer<uint> Strip : register(t1);     // 4 rows x 5 words (the fifth pads the window)
RWStructuredBuffer<uint> Sads : register(u2);
RWStructuredBuffer<uint2> Best : register(u3);
RWStructuredBuffer<uint> Winner : register(u4);

groupshared uint GroupBest;

[numthreads(16, 1, 1)]
void main(uint b : SV_GroupIndex)
{
    if (b == 0)
        GroupBest = 0xFFFFFFFF;
    GroupMemoryBarrierWithGroupSync();

    uint bestSad = 0xFFFFFFFF, bestOffset = 0;
    [loop]
    for (uint k = 0; k < 3; ++k)
    {
        uint4 acc = 0;
        [unroll]
        for (uint row = 0; row < 4; ++row)
        {
            uint2 window = uint2(Strip[row * 5 + k], Strip[row * 5 + k + 1]);
            acc = msad4(RefBlocks[b * 4 + row], window, acc);
        }
        [unroll]
        for (uint i = 0; i < 4; ++i)
        {
            Sads[b * 12 + k * 4 + i] = acc[i];
            if (acc[i] < bestSad)
            {
                bestSad = acc[i];
                bestOffset = k * 4 + i;
            }
        }
    }
    Best[b] = uint2(bestOffset, bestSad);

    uint key = WaveActiveMin((bestSad << 8) | b);
    if (WaveIsFirstLane())
        InterlockedMin(GroupBest, key);
    GroupMemoryBarrierWithGroupSync();
    if (b == 0)
        Winner[0] = GroupBest;
}
