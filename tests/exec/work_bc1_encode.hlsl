// A BC1 (DXT1) block encoder as texture-compression compute shaders write it: one group of
// 16 threads per 4x4 block of an 8x8 rgba8 image (texels packed 0xAABBGGRR in a
// StructuredBuffer<uint>). Each thread unpacks its texel, the block's bounding box is found
// with groupshared `InterlockedMin`/`InterlockedMax` per channel, the endpoints are the
// box's corners quantised to RGB565 with rounding ((c * 31 + 127) / 255, 63 for green),
// colour 0 = max and colour 1 = min (so c0 >= c1: four-colour mode; equal endpoints give
// all-zero indices). Each thread expands the palette back to 8 bits ((r5 << 3) | (r5 >> 2)),
// forms the two interpolants (2 c0 + c1) / 3 and (c0 + 2 c1) / 3 per channel (integer
// division), picks the nearest of the four by squared integer distance (ties to the lower
// palette index), and ORs its 2-bit index into the block's index word at bit 2 * texel
// (`InterlockedOr` on groupshared). Output per block: uint2(c0 | c1 << 16, indices).
// Expected values: tests/exec/work/models.py (bc1_encode).
// exec: -T cs_6_0 -E main dispatch 2 2 1
// buffer t0 ro uint[64] = [4289200203, 4293835625, 4279854229, 4294320488, 4288680600, 4291931234,
//     4278856870, 4279830728, 4292369316, 4281249836, 4288850285, 4279523366, 4285425196,
//     4283581490, 4280092100, 4292062606, 4290707243, 4291306016, 4294422217, 4286833741,
//     4284625629, 4284238050, 4293742552, 4287568110, 4281879742, 4279955876, 4294628491,
//     4288914749, 4284209291, 4283407059, 4284115648, 4289407046, 4281361488, 4281362778,
//     4281364068, 4281365358, 4291333210, 4291333210, 4291333210, 4291333210, 4281164890,
//     4281166180, 4281167470, 4281168760, 4291333210, 4291333210, 4291333210, 4291333210,
//     4280968292, 4280969582, 4280970872, 4280972162, 4291333210, 4291333210, 4291333210,
//     4291333210, 4280771694, 4280772984, 4280774274, 4280775564, 4291333210, 4291333210,
//     4291333210, 4291333210]
// buffer u1 rw uint2[4] = 0
// expect u1 = [537053182, 2341367483, 673312445, 3937124347, 1394969478, 732933557, 1551391864, 0]
StructuredBuffer<uint> Texels : register(t0);
RWStructuredBuffer<uint2> Blocks : register(u1);

groupshared uint MinC[3];
groupshared uint MaxC[3];
groupshared uint Indices;

uint To565(uint3 c)
{
    uint r = (c.r * 31 + 127) / 255;
    uint g = (c.g * 63 + 127) / 255;
    uint b = (c.b * 31 + 127) / 255;
    return (r << 11) | (g << 5) | b;
}

int3 Expand565(uint v)
{
    uint r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;
    return int3((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2));
}

[numthreads(16, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    const uint2 texel = gid.xy * 4 + uint2(gi % 4, gi / 4);
    const uint packed = Texels[texel.y * 8 + texel.x];
    const uint3 c = uint3(packed & 0xFF, (packed >> 8) & 0xFF, (packed >> 16) & 0xFF);

    if (gi < 3)
    {
        MinC[gi] = 255;
        MaxC[gi] = 0;
    }
    if (gi == 0)
        Indices = 0;
    GroupMemoryBarrierWithGroupSync();
    [unroll]
    for (uint ch = 0; ch < 3; ++ch)
    {
        InterlockedMin(MinC[ch], c[ch]);
        InterlockedMax(MaxC[ch], c[ch]);
    }
    GroupMemoryBarrierWithGroupSync();

    const uint c0 = To565(uint3(MaxC[0], MaxC[1], MaxC[2]));
    const uint c1 = To565(uint3(MinC[0], MinC[1], MinC[2]));
    int3 palette[4];
    palette[0] = Expand565(c0);
    palette[1] = Expand565(c1);
    palette[2] = (2 * palette[0] + palette[1]) / 3;
    palette[3] = (palette[0] + 2 * palette[1]) / 3;

    uint best = 0;
    if (c0 != c1)
    {
        int bestDist = 0x7FFFFFFF;
        for (uint p = 0; p < 4; ++p)
        {
            int3 d = int3(c) - palette[p];
            int dist = dot(d, d);
            if (dist < bestDist)
            {
                bestDist = dist;
                best = p;
            }
        }
    }
    InterlockedOr(Indices, best << (2 * gi));
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0)
        Blocks[gid.y * 2 + gid.x] = uint2(c0 | (c1 << 16), Indices);
}
