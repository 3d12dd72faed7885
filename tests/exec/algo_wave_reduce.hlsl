// Parallel min/max/sum reduction of 256 signed ints (4 groups of 64): WaveActiveMin/Max/Sum
// per wave, the first lane of each wave stores its wave's results in groupshared (slot =
// SV_GroupIndex / WaveGetLaneCount(), never a hard-coded wave size), thread 0 folds the
// waves, writes the group's triple and merges it into global results with InterlockedMin,
// InterlockedMax and InterlockedAdd on a RWStructuredBuffer<int> (signed atomics).
// Expected values: tests/exec/algo/models.py (wave_reduce).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 4 1 1
// buffer t0 ro int[256] = [47106, 26035, -21275, 19394, 23140, -18617, -14551, 1330, -48976, -25932, 1993, 40132, -3944, 1309, -1225, 29309,
//     -48334, 34439, 27113, 30752, -17807, 8436, 22515, -15599, -34358, -32118, 3399, 43285, -32336, -20116, 5083, 42927,
//     23031, 13791, -11774, 803, -23885, 37477, 9681, 16853, 46488, 27492, -34182, -150, -18693, -5249, -2445, -34684,
//     -31825, 48379, 20303, -30967, -46296, 38618, -34462, 24349, -19301, 11554, -5311, 23042, 27162, 10230, -25441, -7234,
//     -46277, -805, -4752, 4468, -14287, 38227, -18200, -27032, 2321, 8836, -40964, 40031, 38798, 48401, -31105, -5509,
//     -19524, 1887, -24315, 42850, -15057, -46415, -31294, 20312, 35195, -44854, -45397, 43039, -41163, -30671, 2066, -9667,
//     40208, 20391, -44690, 1045, 17472, -21838, -27408, 15979, -41383, 4692, 49261, 12612, 4624, 10772, -38662, -7005,
//     -936, 27155, 49866, 5356, 45541, -38153, -33134, -24541, -49780, -35261, -8284, -22420, -11681, -8805, -14346, -14260,
//     22708, 6147, 14715, 14790, 47647, -40480, 15143, -5474, 6066, 3669, -2577, -33831, -40221, -18874, -34522, -3718,
//     -17499, -30217, -9760, -5051, 6988, 2413, 48305, -36354, 29100, 40075, 16782, -47959, -4998, 28949, -2934, -11605,
//     -42135, 7503, 33337, -44793, 8781, 23902, 18767, -26495, -27973, -49179, -24511, -17378, 39013, 9480, -31615, -23679,
//     -25887, -34005, 26118, -5234, 28707, 30867, 9185, 29417, 2973, -39869, -34489, 47927, 25957, 40895, 27309, 21434,
//     -26834, -33877, 30182, -23464, -24212, -47732, -22137, -11499, -19981, 24869, -28478, -13901, -32456, 19386, -23603, 9944,
//     -34706, -48497, 9243, 18759, -41943, -12279, -46463, 42436, 7998, 14763, -46991, 20596, -49633, 4441, -36127, -18791,
//     3650, -8489, -30524, -13383, -20133, 10506, -5298, -22568, 13020, 6549, -15372, 42936, 47131, 7932, -7671, -12289,
//     -36149, -24573, 27713, -11088, -24096, -47153, -6736, -34161, 30926, 41411, -12309, -41247, 13962, 2179, -18139, 32233]
// buffer u1 rw int[12] = 0
// buffer u2 rw int[3] = [2147483647, -2147483648, 0]
// expect u1 = [-48976, 48379, 119863, -49780, 49866, -308470, -49179, 48305, -38247, -49633, 47131, -552217]
// expect u2 = [-49780, 49866, -779071]
StructuredBuffer<int> Values : register(t0);
RWStructuredBuffer<int> PerGroup : register(u1);
RWStructuredBuffer<int> Global : register(u2);

groupshared int3 waveResults[64];

[numthreads(64, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
    int v = Values[gid.x * 64 + gi];
    int3 r = int3(WaveActiveMin(v), WaveActiveMax(v), WaveActiveSum(v));
    uint lanes = WaveGetLaneCount();
    if (WaveIsFirstLane())
        waveResults[gi / lanes] = r;
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0) {
        int3 acc = waveResults[0];
        uint waves = (64 + lanes - 1) / lanes;
        for (uint w = 1; w < waves; ++w) {
            int3 o = waveResults[w];
            acc = int3(min(acc.x, o.x), max(acc.y, o.y), acc.z + o.z);
        }
        PerGroup[gid.x * 3 + 0] = acc.x;
        PerGroup[gid.x * 3 + 1] = acc.y;
        PerGroup[gid.x * 3 + 2] = acc.z;
        InterlockedMin(Global[0], acc.x);
        InterlockedMax(Global[1], acc.y);
        InterlockedAdd(Global[2], acc.z);
    }
}
