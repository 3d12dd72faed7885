// Ordered stream compaction of 128 values (keep v % 3 == 0 or v > 900) in one group:
// WavePrefixCountBits gives each kept value its rank inside its wave, WaveActiveCountBits
// the wave's total, per-wave totals go through groupshared and are scanned by a loop, and
// each kept value lands at its global rank (so the output order is the input order).
// Also an InterlockedAdd counter and an InterlockedAdd sum of the kept values.
// Expected values: tests/exec/algo/models.py (stream_compact).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[128] = 0
// buffer u2 rw uint[2] = 0
// buffer t0 ro uint[128] = [131, 898, 980, 772, 793, 520, 586, 907, 612, 762, 951, 305, 824, 915, 360, 592,
//     250, 666, 191, 134, 653, 336, 451, 198, 709, 123, 349, 972, 454, 733, 834, 741,
//     845, 205, 95, 348, 77, 60, 535, 253, 554, 952, 567, 428, 161, 308, 993, 245,
//     772, 492, 51, 733, 297, 828, 488, 791, 732, 33, 460, 543, 967, 662, 404, 650,
//     936, 567, 723, 627, 242, 656, 629, 774, 529, 502, 718, 583, 561, 948, 795, 370,
//     599, 462, 215, 860, 334, 800, 790, 720, 386, 423, 780, 898, 40, 454, 758, 799,
//     482, 721, 478, 298, 806, 116, 587, 759, 288, 148, 110, 250, 490, 748, 236, 272,
//     562, 816, 234, 371, 363, 852, 339, 161, 913, 541, 252, 206, 952, 334, 151, 684]
// expect u1 = [980, 907, 612, 762, 951, 915, 360, 666, 336, 198, 123, 972, 834, 741, 348, 60,
//     952, 567, 993, 492, 51, 297, 828, 732, 33, 543, 967, 936, 567, 723, 627, 774,
//     561, 948, 795, 462, 720, 423, 780, 759, 288, 816, 234, 363, 852, 339, 913, 252,
//     952, 684, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u2 = [50, 30988]
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Compacted : register(u1);
RWStructuredBuffer<uint> Stats : register(u2);

groupshared uint waveCounts[128];

bool keep(uint v) { return v % 3 == 0 || v > 900; }

[numthreads(128, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint v = Input[gi];
    bool k = keep(v);
    uint lanes = WaveGetLaneCount();
    uint wave = gi / lanes;
    uint rank = WavePrefixCountBits(k);
    uint total = WaveActiveCountBits(k);
    if (WaveGetLaneIndex() == 0)
        waveCounts[wave] = total;
    GroupMemoryBarrierWithGroupSync();
    uint base = 0;
    for (uint w = 0; w < wave; ++w)
        base += waveCounts[w];
    if (k) {
        Compacted[base + rank] = v;
        InterlockedAdd(Stats[0], 1);
        InterlockedAdd(Stats[1], v);
    }
}
