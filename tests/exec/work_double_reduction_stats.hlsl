// Statistics over a buffer of floats accumulated in `double`, as simulation and analysis
// kernels do when f32 sums lose too much: 64 threads each widen 4 floats to double and sum
// them; a groupshared `double` tree reduction (6 barriers) gives the total, which is exact
// here (inputs are multiples of 2^-10 below 2^13: every partial sum fits a double's 53
// bits); the same tree in `float` loses the small parts (the model rounds each f32
// addition in the tree's order). Thread 0 derives the mean (double division), then every
// thread sums its squared deviations in double for a second tree reduction: the sample
// variance M2 / 255. Outputs: the double sum, its bits through `asuint(double, out lo, out
// hi)`, the float tree's sum, the sum converted to float, the mean and the variance.
// Tolerance for mean and variance: rel 1e-14 (a division and ~1000 double roundings).
// Expected values: tests/exec/work/models.py (double_reduction_stats).
// requires f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[256] = [6000.0459, -1987.01074, 724.741211, 357.943359, -1613.91406,
//     -494.430664, 2035.00391, 1958.6084, -1027.12598, -1506.25879, 1188.31348, -412.251953,
//     -998.790039, -1146.08789, 152.000977, 610.678711, 6000.20703, 424.556641, -1839.78809,
//     1149.2793, 350.291992, 311.208984, 2022.90137, 802.991211, 1516.20117, 1631.4668,
//     -2013.15918, 873.819336, 1151.9873, -764.009766, 1116.61133, -1360.6709, 6000.01367,
//     -2042.49707, -844.392578, -1590.35059, -1966.0459, 155.789062, 1043.03711, -1335.52734,
//     -280.201172, 1726.69629, -1145.08105, 582.051758, 540.847656, -1120.86523, 97.0849609,
//     1352.20312, 6000.71387, -207.921875, 558.179688, 1201.30566, -1985.67676, -1600.43945,
//     1402.66113, -190.699219, 1300.91504, -1376.32031, -1944.20215, -1241.30664, 1225.03906,
//     1247.5957, -495.328125, -2016.45117, 6000.55859, 788.532227, 1471.17773, -1237.50391,
//     -987.349609, -1229.22656, 753.023438, 1223.72754, 1256.80078, -1161.33301, -1235.27344,
//     713.996094, 1965.8125, -1698.37695, -345.37793, -328.381836, 6000.79883, -1104.88477,
//     181.851562, -1604.52734, 1110.18359, -1898.32227, 1305.37305, 1830.00195, -727.292969,
//     199.908203, 1804.95703, 1662.20801, 1348.41895, 193.466797, -209.81543, -477.34082,
//     6000.68262, 268.077148, -718.548828, 1914.48438, -1419.82617, -359.476562, -1433.03809,
//     -585.626953, 745.881836, 1063.65332, -1520.26172, 33.5810547, -1193.89355, -572.623047,
//     -893.388672, -1789.07617, 6000.46094, -184.332031, -1502.77344, -1522.21973, 1391.87207,
//     1787.56055, -1250.96094, -156.907227, 1425.57617, 1338.15234, 268.320312, -1501.63672,
//     -259.874023, 555.603516, 1871.15137, 906.660156, 6000.38477, -1393.8623, -187.573242,
//     -1620.3877, -629.473633, -880.960938, -689.145508, 1702.40918, 725.041016, -588.344727,
//     -1110.04688, 894.806641, 159.728516, 722.396484, -2032.94531, 1916.12012, 6000.70215,
//     795.736328, 298.303711, 1306.22852, 85.3876953, -204.791016, -1824.3418, 1418.57422,
//     -1350.47559, 1368.41211, 95.8867188, 965.160156, -5.83789062, -1119.99316, 781.571289,
//     -2006.44727, 6000.66406, -1731.28613, 1330.10645, 1455.88086, 1201.70703, 2008.32031,
//     -1149.2998, -1622.16406, 916.277344, 1532.67285, 117.370117, -236.327148, 20.6777344,
//     908.682617, -922.049805, 1653.20703, 6000.52051, 333.320312, 1419.08496, 850.817383,
//     -303.267578, -897.376953, -836.770508, 46.4462891, -501.449219, -123.3125, -1022.34473,
//     -1511.40332, -1207.47363, 160.674805, -1020.55664, 1233.33496, 6000.52246, 1977.80566,
//     1332.48926, -1926.70996, 1075.71484, 1078.36719, 476.498047, -1581.3457, -1774.40723,
//     -1051.29395, 1515.99121, -493.820312, 1854.95605, -1035.7666, 417.299805, -1215.81543,
//     6000.91797, 1278.41992, 1021.56836, 1577.54785, -84.0947266, -1248.19727, 521.754883,
//     -287.291016, 1518.6543, 800.978516, 2027.62793, -817.326172, -1806.78223, 1455.6084,
//     -1845.23047, -1195.99219, 6000.95801, 423.413086, 645.574219, 2041.83984, 1370.55176,
//     1643.17969, -1481.75, 818.862305, -969.013672, -178.245117, 1671.81543, 1196.32715,
//     -1879.4375, -1780.9502, -804.897461, 1071.05273, 6000.89355, -1454.96387, 1595.75586,
//     -2031.58203, 1712.90527, -1959.25195, 293.233398, -1484.6377, -560.163086, 143.286133,
//     1303.80273, 1177.3916, 1534.23828, 78.8076172, -770.451172, 1667.57129]
// buffer u1 rw double[1] = 0
// buffer u2 rw uint[2] = 0
// buffer u3 rw float[2] = 0
// buffer u4 rw double[2] = 0
// peer-bug glslang: no `asuint(double, out uint, out uint)`
// expect u1 = [98840.9033203125]
// expect u2 = [1946157056, 1090003342]
// expect u3 = [98840.9062, 98840.9062]
// expect u4 ~ rel 1e-14 = [386.0972785949707, 3524010.718005774]
StructuredBuffer<float> Samples : register(t0);
RWStructuredBuffer<double> Total : register(u1);
RWStructuredBuffer<uint> TotalBits : register(u2);
RWStructuredBuffer<float> FloatSums : register(u3);
RWStructuredBuffer<double> Moments : register(u4);

groupshared double WideSum[64];
groupshared float NarrowSum[64];
groupshared double Mean;

void ReduceWide(uint t)
{
    [unroll]
    for (uint stride = 32; stride > 0; stride >>= 1)
    {
        GroupMemoryBarrierWithGroupSync();
        if (t < stride)
            WideSum[t] += WideSum[t + stride];
    }
    GroupMemoryBarrierWithGroupSync();
}

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    double local = 0;
    float narrow = 0;
    [unroll]
    for (uint k = 0; k < 4; ++k)
    {
        float x = Samples[t * 4 + k];
        local += (double)x;
        narrow += x;
    }
    WideSum[t] = local;
    NarrowSum[t] = narrow;
    [unroll]
    for (uint stride = 32; stride > 0; stride >>= 1)
    {
        GroupMemoryBarrierWithGroupSync();
        if (t < stride)
        {
            WideSum[t] += WideSum[t + stride];
            NarrowSum[t] += NarrowSum[t + stride];
        }
    }
    GroupMemoryBarrierWithGroupSync();

    const double total = WideSum[0];
    if (t == 0)
    {
        Total[0] = total;
        uint lo, hi;
        asuint(total, lo, hi);
        TotalBits[0] = lo;
        TotalBits[1] = hi;
        FloatSums[0] = NarrowSum[0];
        FloatSums[1] = (float)total;
        Mean = total / 256.0;
    }
    GroupMemoryBarrierWithGroupSync();

    double m2 = 0;
    [unroll]
    for (uint j = 0; j < 4; ++j)
    {
        double d = (double)Samples[t * 4 + j] - Mean;
        m2 += d * d;
    }
    WideSum[t] = m2;
    ReduceWide(t);
    if (t == 0)
    {
        Moments[0] = Mean;
        Moments[1] = WideSum[0] / 255.0;
    }
}
