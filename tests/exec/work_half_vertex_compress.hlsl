// Vertex-stream compression as mesh-processing compute passes write it: each thread packs a
// vertex's position (float3) and uv (float2) into halves with `f32tof16` (two halves per
// uint, low half first), stores the packed words, unpacks them again with `f16tof32`, and
// reports the round-trip error and a classification of every half (zero, subnormal, normal,
// infinity, NaN) from its bits. The inputs are exactly representable in half except where
// the header says: subnormal halves (2^-24, 1023 * 2^-24, 2^-15), the largest half 65504,
// +-inf, -0, a NaN (any half NaN matches: the classification is compared, the word is `_`),
// an f32 value below half's range (2^-30 -> +0), and two values that need rounding away from
// a tie (1 + 2^-11 + 2^-13 -> 1 + 2^-10; 1000.3 -> 1000.5: nearest, not truncation).
// A second table decodes raw half bit patterns with `f16tof32` (subnormals, 0x7BFF, 0xFC00,
// a signalling-looking NaN 0x7C01, the upper 16 bits ignored: 0xABCD3C00 -> 1.0).
// Expected values: tests/exec/work/models.py (half_vertex_compress).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[40] = [1.5, -2.25, 0.125, 0, 1, 5.96046448e-08, 6.09755516e-05,
//     3.05175781e-05, -0.0, 65504, inf, -inf, nan, 9.31322575e-10, -9.31322575e-10, 1.00061035,
//     1000.29999, -0.00300000003, 0.333251953, 12.5, -65504, 0.5, 0.25, 0.75, 0.0009765625, 100,
//     -100, 2048, 2050, 0.0999755859, -7, 6, 5, 4, 3, 0.099609375, -1, 3.140625, 2.71875, 1]
// buffer t1 ro uint[8] = [1, 1023, 33280, 31743, 64512, 31745, 2882354176, 50432]
// buffer u2 rw uint[24] = 0
// buffer u3 rw float[40] = 0
// buffer u4 rw uint[40] = 0
// buffer u5 rw float[8] = 0
// expect u2 = [3229629952, 12288, 15360, 67043329, 2147484160, 31743, 4227890176, _, 32768,
//     1674656769, 894802469, 19008, 939588607, 973091840, 5120, 3594540608, 1744922624, 11878,
//     1174456064, 1140868352, 16896, 3154128480, 1097876040, 15360]
// expect u3 = [1.5, -2.25, 0.125, 0, 1, 5.96046448e-08, 6.09755516e-05, 3.05175781e-05, -0.0,
//     65504, inf, -inf, nan, 0, -0.0, 1.00097656, 1000.5, -0.0030002594, 0.333251953, 12.5, -65504,
//     0.5, 0.25, 0.75, 0.0009765625, 100, -100, 2048, 2050, 0.0999755859, -7, 6, 5, 4, 3,
//     0.099609375, -1, 3.140625, 2.71875, 1]
// expect u4 = [2, 2, 2, 0, 2, 1, 1, 1, 0, 2, 3, 3, 4, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
//     2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
// expect u5 = [5.96046448e-08, 6.09755516e-05, -3.05175781e-05, 65504, -inf, nan, 1, -5]
StructuredBuffer<float> Attributes : register(t0); // 8 vertices x (position.xyz, uv.xy)
StructuredBuffer<uint> RawHalves : register(t1);
RWStructuredBuffer<uint> Packed : register(u2);    // 3 words per vertex
RWStructuredBuffer<float> Unpacked : register(u3);
RWStructuredBuffer<uint> Classes : register(u4);
RWStructuredBuffer<float> Decoded : register(u5);

uint PackHalf2(float a, float b)
{
    return f32tof16(a) | (f32tof16(b) << 16);
}

float2 UnpackHalf2(uint w)
{
    return float2(f16tof32(w), f16tof32(w >> 16));
}

// 0 zero, 1 subnormal, 2 normal, 3 infinity, 4 NaN
uint Classify(uint h)
{
    uint e = (h >> 10) & 0x1F, m = h & 0x3FF;
    if (e == 0)
        return m == 0 ? 0 : 1;
    if (e == 0x1F)
        return m == 0 ? 3 : 4;
    return 2;
}

[numthreads(8, 1, 1)]
void main(uint v : SV_GroupIndex)
{
    float a[5];
    [unroll]
    for (uint k = 0; k < 5; ++k)
        a[k] = Attributes[v * 5 + k];

    uint3 words = uint3(PackHalf2(a[0], a[1]), PackHalf2(a[2], a[3]), PackHalf2(a[4], 0.0));
    Packed[v * 3 + 0] = words.x;
    Packed[v * 3 + 1] = words.y;
    Packed[v * 3 + 2] = words.z;

    float2 p01 = UnpackHalf2(words.x), p23 = UnpackHalf2(words.y), p4 = UnpackHalf2(words.z);
    float r[5] = { p01.x, p01.y, p23.x, p23.y, p4.x };
    [unroll]
    for (uint j = 0; j < 5; ++j)
    {
        Unpacked[v * 5 + j] = r[j];
        uint word = j < 2 ? words.x : j < 4 ? words.y : words.z;
        Classes[v * 5 + j] = Classify((word >> (16 * (j & 1))) & 0xFFFF);
    }
    Decoded[v] = f16tof32(RawHalves[v]);
}
