// Tiled (Forward+) light culling as engines' compute passes write it: a 16x8 depth buffer
// (r32float) in two 8x8 tiles, one group per tile. (1) each thread loads its depth and the
// tile's depth range is found with groupshared `InterlockedMin`/`InterlockedMax` on the
// float bits (`asuint`: positive floats order like their bits). (2) each of the first 16
// threads tests one light (a sphere in screen/depth space from a StructuredBuffer of
// structs) against the tile's rectangle and depth range (closest point of the box, squared
// distance vs radius^2) and appends the index of a visible light to a groupshared list with
// `InterlockedAdd`. (3) after a barrier every pixel sums the listed lights' contributions
// intensity * saturate(1 - dist^2 / radius^2) and writes it to an `RWTexture2D<float>`.
// The list's order is the device's, so the per-tile output is a visibility mask
// (`InterlockedOr`) and the count; the shaded sums are order-independent within rel 1e-6.
// Expected values: tests/exec/work/models.py (tiled_light_culling).
// exec: -T cs_6_0 -E main dispatch 2 1 1
// texture t0 sampled 2d r32float 16x8 = [2, 1.5, 3.9375, 3.9375, 1.5625, 3.8125, 3.125, 4.625,
//     8.125, 8.4375, 5.375, 5.375, 6.875, 7.75, 5.9375, 8.3125, 3.0625, 2, 4.125, 3.8125, 2,
//     3.3125, 3.0625, 2.0625, 8.875, 8.0625, 6.125, 5.375, 8.9375, 8.4375, 8.5, 7.875, 3.4375,
//     4.6875, 1.5, 3.9375, 1.6875, 1.125, 4.3125, 3.75, 8.875, 5.875, 8.1875, 5.625, 6.25, 7.3125,
//     8.375, 7.75, 3.0625, 1.6875, 4.125, 4.3125, 4.625, 1.125, 2.75, 1.75, 8.0625, 6, 7.4375,
//     6.125, 6.8125, 8.5, 5.4375, 7.8125, 1.9375, 4.875, 4, 4.9375, 2.75, 3.4375, 2.4375, 3.9375,
//     6.5625, 8.375, 7.9375, 6.875, 6.5625, 7.9375, 7.75, 8.125, 4.0625, 2.375, 1.1875, 1.875,
//     4.1875, 3.9375, 3.375, 2.375, 8.3125, 8.9375, 5.6875, 7.875, 5.625, 5.5625, 7.375, 8.6875,
//     1.375, 2.0625, 3.5625, 3, 4.875, 2.75, 1.625, 1.0625, 5.3125, 7.8125, 8.75, 5.125, 7.9375,
//     5.5, 8.1875, 5.5, 2, 4.0625, 3.1875, 4.375, 4.8125, 3.75, 1.0625, 4, 5.5625, 8.875, 5, 6.625,
//     5.5, 7.625, 6.25, 6.5625]
// buffer t1 ro float[96] = [1.5, 7.25, 10, 4.75, 0.5, 0, 5.75, 6.75, 6, 5.5, 1.375, 0, -3.25, 1.75,
//     2, 2.5, 1.875, 0, 18.5, 9.75, 6, 4.25, 1.875, 0, -3, 2.5, 8, 4.5, 0.875, 0, 10.25, 6.25, 4,
//     4.5, 0.625, 0, 15, -0.25, 8, 4, 0.875, 0, 9.75, 0.5, 5, 1, 0.875, 0, 17, 5.25, 10, 2, 2, 0,
//     11, 1.5, 4, 6.25, 0.5, 0, 10, 7.5, 8, 4, 0.875, 0, 4, -0.25, 0, 5, 1.75, 0, 2.5, 0.25, 1,
//     2.5, 0.5, 0, 1, 2, 0, 1.5, 1.5, 0, 19.5, 6, 10, 5, 0.375, 0, 2.25, 8.5, 1, 4.75, 1.125, 0]
// texture u2 wo 2d r32float 16x8
// buffer u3 rw uint[4] = 0
// buffer u4 rw float[4] = 0
// expect u2 ~ rel 1e-6 abs 1e-7 = [0.668125, 1.510625, 0.467851562, 0.607851562, 1.67191406,
//     0.635214063, 0.80773125, 0.3254, 0.1894, 0.20635, 0.719565625, 0.4598, 0.785827539,
//     0.944973438, 0.880280908, 0.82522583, 0.0216015625, 1.033125, 0.18703125, 0.500664063,
//     1.238125, 0.716789063, 0.671151562, 0.675501562, 0.1158, 0.25995, 0.439, 0.4726, 0.476807471,
//     0.741955127, 0.764175781, 0.741593164, 0, 0, 0.980625, 0.248355824, 1.00378906, 0.97453125,
//     0.62572017, 0.514259091, 0.103, 0.478504167, 0.25955, 0.511446142, 0.3936, 0.579280518,
//     0.525463477, 0.492335937, 0, 0.128789063, 0.254971591, 0.535333807, 0.737926136, 0.51953125,
//     0.558804545, 0.229129012, 0.515326989, 0.875253423, 0.319306597, 0.591793056, 0.31875,
//     0.1096, 0.26555, 0.0939125488, 0.130691655, 0.266335227, 0.482954545, 0.863458807, 0.59375,
//     0.843572443, 0.657884652, 1.33721978, 1.38755323, 0.721739968, 0.60211076, 0.693492962,
//     0.443511535, 0.10635, 0.048, 0.048515625, 0.0558994114, 0.553930055, 0.671377251,
//     0.860588879, 1.08362926, 1.10777699, 1.15775365, 0.964799214, 1.24501454, 0.867062655,
//     1.3974676, 0.728116997, 0.608469563, 0.390233758, 0, 0.105410156, 0.765841413, 0.841217971,
//     1.21700837, 1.38115399, 1.24360795, 1.13539568, 0.496965947, 0.24815867, 1.86253231,
//     1.54544122, 0.778719815, 0.941622437, 0.478302002, 0.298823457, 0, 0, 0.872576177,
//     0.937222106, 1.34319274, 1.42856609, 1.31228113, 1.28787616, 0.390051998, 1.37177329,
//     1.83091505, 1.15397505, 1.2147312, 0.964435342, 0.542486497, 0.197387695, 0, 0.382379974]
// expect u3 = [9, 48690, 9, 18410]
// expect u4 = [1.0625, 4.9375, 5, 8.9375]
struct Light
{
    float2 center;   // pixels
    float depth;
    float radius;
    float intensity;
    float pad;
};

Texture2D<float> Depth : register(t0);
StructuredBuffer<Light> Lights : register(t1);
RWTexture2D<float> Lit : register(u2);
RWStructuredBuffer<uint> TileInfo : register(u3);   // per tile: count, mask
RWStructuredBuffer<float> TileDepth : register(u4); // per tile: min, max

groupshared uint MinDepthBits;
groupshared uint MaxDepthBits;
groupshared uint LightCount;
groupshared uint LightMask;
groupshared uint LightList[16];

float Contribution(Light l, float3 p)
{
    float3 d = p - float3(l.center, l.depth);
    return l.intensity * saturate(1.0 - dot(d, d) / (l.radius * l.radius));
}

[numthreads(8, 8, 1)]
void main(uint3 gid : SV_GroupID, uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    if (gi == 0)
    {
        MinDepthBits = 0x7F7FFFFF;
        MaxDepthBits = 0;
        LightCount = 0;
        LightMask = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    const float z = Depth.Load(int3(id.xy, 0));
    InterlockedMin(MinDepthBits, asuint(z));
    InterlockedMax(MaxDepthBits, asuint(z));
    GroupMemoryBarrierWithGroupSync();

    const float zMin = asfloat(MinDepthBits), zMax = asfloat(MaxDepthBits);
    if (gi < 16)
    {
        const Light l = Lights[gi];
        const float3 lo = float3(gid.xy * 8, zMin);
        const float3 hi = float3(gid.xy * 8 + 8, zMax);
        const float3 closest = clamp(float3(l.center, l.depth), lo, hi);
        const float3 d = closest - float3(l.center, l.depth);
        if (dot(d, d) <= l.radius * l.radius)
        {
            uint slot;
            InterlockedAdd(LightCount, 1, slot);
            LightList[slot] = gi;
            InterlockedOr(LightMask, 1u << gi);
        }
    }
    GroupMemoryBarrierWithGroupSync();

    const float3 p = float3(float2(id.xy) + 0.5, z);
    float sum = 0;
    for (uint k = 0; k < LightCount; ++k)
        sum += Contribution(Lights[LightList[k]], p);
    Lit[id.xy] = sum;
    if (gi == 0)
    {
        TileInfo[gid.x * 2 + 0] = LightCount;
        TileInfo[gid.x * 2 + 1] = LightMask;
        TileDepth[gid.x * 2 + 0] = zMin;
        TileDepth[gid.x * 2 + 1] = zMax;
    }
}
