// Per-thread random streams as path tracers and particle emitters write them: a `struct Rng`
// with methods (HLSL 2021), seeded per thread by hashing (thread, frame) with Wang's hash,
// advanced by xorshift32; floats in [0, 1) from the top 23 bits (asfloat(0x3F800000 |
// x >> 9) - 1, exact); unbiased integers in [0, n) by Lemire's multiply-shift with
// rejection (a 64-bit product: `(uint64_t)x * n`); a Fisher-Yates shuffle of a local
// 8-element array driven by those integers; dice rolls (1..6) histogrammed in groupshared
// memory with `InterlockedAdd`, and the mean of 16 floats per thread. The stream is a
// `static` global struct, as engines keep it, reseeded in main.
// Expected values: tests/exec/work/models.py (rng_streams).
// requires int64
// exec: -T cs_6_0 -E main dispatch 1 1 1 -HV 2021
// cbuffer b0 = u32 [7]
// buffer u1 rw uint[32] = 0
// buffer u2 rw float[32] = 0
// buffer u3 rw uint[256] = 0
// buffer u4 rw uint[6] = 0
// peer-bug glslang: refuses `(uint64_t)x` casts ("cannot construct with these arguments")
// expect u1 = [169686828, 1572394036, 4070618559, 1120450470, 994974509, 3686918868, 2886535030,
//     2218901870, 3307305594, 3386930812, 1961740422, 1258929249, 2432472150, 3023475184,
//     557655333, 2815288482, 361311724, 3082063405, 1462226145, 1485715092, 3902718894, 2584532837,
//     3573580058, 313747967, 4157227146, 137917981, 431764415, 4266147817, 47064964, 3841275372,
//     4148459153, 1948695182]
// expect u2 = [0.503136158, 0.561958492, 0.506480396, 0.635915637, 0.548298717, 0.541420519,
//     0.470784068, 0.456044316, 0.490962267, 0.521435916, 0.498636365, 0.476821661, 0.49664399,
//     0.447654754, 0.516468763, 0.419017553, 0.61737299, 0.541702271, 0.460579634, 0.494369358,
//     0.560238957, 0.651046753, 0.589187562, 0.431078106, 0.539686561, 0.488507032, 0.523268521,
//     0.462759763, 0.512201607, 0.478090584, 0.405522466, 0.640168905]
// expect u3 = [7, 6, 1, 0, 3, 4, 5, 2, 4, 7, 0, 6, 2, 5, 1, 3, 5, 6, 2, 1, 4, 7, 3, 0, 0, 2, 3, 4,
//     1, 6, 5, 7, 6, 0, 7, 5, 2, 3, 4, 1, 7, 5, 2, 6, 3, 0, 1, 4, 5, 7, 1, 0, 3, 4, 2, 6, 0, 7, 3,
//     6, 2, 5, 4, 1, 6, 3, 0, 5, 1, 4, 2, 7, 2, 3, 4, 6, 7, 5, 0, 1, 5, 6, 1, 0, 2, 3, 7, 4, 3, 6,
//     5, 2, 1, 0, 4, 7, 6, 2, 0, 4, 3, 5, 7, 1, 4, 6, 2, 3, 1, 5, 0, 7, 4, 6, 5, 7, 3, 1, 0, 2, 2,
//     4, 7, 3, 6, 1, 5, 0, 1, 6, 5, 7, 2, 4, 3, 0, 5, 3, 4, 6, 2, 0, 1, 7, 0, 6, 3, 1, 5, 2, 4, 7,
//     1, 2, 6, 4, 3, 5, 7, 0, 2, 3, 0, 6, 5, 7, 1, 4, 1, 0, 6, 5, 4, 2, 7, 3, 5, 0, 1, 7, 6, 4, 3,
//     2, 6, 5, 4, 2, 1, 7, 0, 3, 7, 2, 3, 0, 6, 4, 1, 5, 1, 2, 3, 6, 0, 7, 4, 5, 5, 7, 1, 2, 6, 3,
//     4, 0, 3, 2, 4, 7, 1, 6, 0, 5, 4, 5, 7, 0, 3, 2, 1, 6, 7, 4, 1, 0, 6, 2, 3, 5, 6, 4, 0, 3, 5,
//     7, 1, 2, 2, 5, 7, 4, 6, 0, 1, 3]
// expect u4 = [50, 60, 54, 42, 52, 62]
cbuffer Frame : register(b0)
{
    uint FrameIndex;
};

RWStructuredBuffer<uint> LastState : register(u1);
RWStructuredBuffer<float> MeanUniform : register(u2);
RWStructuredBuffer<uint> Shuffled : register(u3);
RWStructuredBuffer<uint> Dice : register(u4);

groupshared uint DiceBins[6];

uint WangHash(uint s)
{
    s = (s ^ 61u) ^ (s >> 16);
    s *= 9u;
    s = s ^ (s >> 4);
    s *= 0x27D4EB2Du;
    return s ^ (s >> 15);
}

struct Rng
{
    uint state;

    void Seed(uint thread, uint frame)
    {
        state = WangHash(thread * 1973u + frame * 9277u + 1u);
        if (state == 0)
            state = 1;
    }
    uint Next()
    {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    }
    float NextFloat()
    {
        return asfloat(0x3F800000u | (Next() >> 9)) - 1.0;
    }
    uint NextBelow(uint n)
    {
        uint64_t m = (uint64_t)Next() * n;
        uint low = (uint)m;
        if (low < n)
        {
            uint threshold = (0u - n) % n;
            while (low < threshold)
            {
                m = (uint64_t)Next() * n;
                low = (uint)m;
            }
        }
        return (uint)(m >> 32);
    }
};

static Rng g_rng;

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    if (t < 6)
        DiceBins[t] = 0;
    GroupMemoryBarrierWithGroupSync();
    g_rng.Seed(t, FrameIndex);

    float sum = 0;
    for (uint i = 0; i < 16; ++i)
        sum += g_rng.NextFloat();
    MeanUniform[t] = sum / 16.0;

    uint deck[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    for (uint k = 7; k > 0; --k)
    {
        uint j = g_rng.NextBelow(k + 1);
        uint tmp = deck[k];
        deck[k] = deck[j];
        deck[j] = tmp;
    }
    for (uint d = 0; d < 8; ++d)
        Shuffled[t * 8 + d] = deck[d];

    for (uint r = 0; r < 10; ++r)
        InterlockedAdd(DiceBins[g_rng.NextBelow(6)], 1);
    LastState[t] = g_rng.state;
    GroupMemoryBarrierWithGroupSync();
    if (t < 6)
        Dice[t] = DiceBins[t];
}
