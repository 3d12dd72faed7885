// Mip-chain generation as engines' downsample passes write it: one group of 4x4 threads
// builds two mips of an 8x8 rgba8unorm texture. Each thread `Gather`s its 2x2 source block
// one channel at a time (`GatherRed`/`GatherGreen`/`GatherBlue`/`GatherAlpha` at the block's
// shared corner, uv = (2x + 1, 2y + 1) / 8, point sampler: the footprint is exactly the
// block), averages it into mip 1 (an `RWTexture2D<float4>`, rgba32float), keeps it in
// groupshared memory, and after a barrier the first 2x2 threads average 2x2 of those
// (mip 2, a buffer). The source's size comes from `GetDimensions`; a `Load` with an offset
// (`Load(int3(2x, 2y, 0), int2(1, 1))`) reads the block's lower-right texel as a cross-check
// (u4). Tolerance: abs 1e-6 (averages of unorm8 values: Gather returns them exactly as
// byte / 255 in f32).
// Expected values: tests/exec/work/models.py (mip_chain_gather).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d rgba8unorm 8x8 = [12, 39, 25, 59, 157, 56, 80, 124, 255, 105, 170, 7, 166,
//     159, 187, 96, 70, 253, 88, 75, 212, 231, 148, 205, 131, 1, 195, 41, 199, 48, 121, 227, 85,
//     151, 139, 192, 31, 154, 11, 195, 91, 221, 80, 48, 125, 69, 235, 139, 55, 245, 177, 153, 127,
//     81, 183, 92, 136, 253, 80, 26, 198, 222, 17, 87, 237, 23, 204, 213, 242, 12, 151, 154, 8, 97,
//     197, 233, 163, 251, 235, 70, 120, 253, 219, 118, 121, 203, 171, 123, 220, 9, 174, 155, 21,
//     156, 120, 90, 214, 167, 222, 122, 21, 142, 243, 1, 5, 245, 11, 50, 26, 193, 186, 145, 8, 21,
//     213, 227, 196, 85, 111, 43, 129, 38, 220, 173, 179, 106, 176, 237, 15, 71, 192, 175, 135, 32,
//     30, 248, 81, 154, 32, 11, 224, 151, 90, 108, 233, 61, 158, 224, 95, 239, 2, 106, 118, 82,
//     217, 78, 162, 72, 184, 16, 151, 247, 113, 117, 74, 194, 26, 127, 238, 78, 6, 116, 247, 125,
//     201, 216, 26, 117, 56, 109, 73, 153, 102, 57, 186, 142, 167, 127, 224, 54, 143, 195, 112,
//     183, 243, 202, 93, 116, 230, 150, 219, 18, 188, 109, 94, 116, 9, 211, 154, 189, 162, 138,
//     132, 84, 153, 152, 79, 218, 69, 64, 111, 53, 55, 6, 152, 135, 68, 175, 191, 55, 129, 62, 23,
//     230, 65, 247, 20, 122, 25, 94, 107, 22, 219, 55, 14, 30, 157, 135, 51, 54, 178, 145, 78, 67,
//     174, 217]
// sampler s1 point clamp
// texture u2 wo 2d rgba32float 4x4
// buffer u3 rw float4[4] = 0
// buffer u4 rw float4[16] = 0
// expect u2 ~ abs 1e-6 = [0.279411773, 0.392156877, 0.25000001, 0.558823537, 0.624509811,
//     0.543137267, 0.658823542, 0.284313735, 0.454901967, 0.794117652, 0.584313743, 0.514705896,
//     0.650980413, 0.513725493, 0.404901968, 0.373529417, 0.700000005, 0.337254914, 0.80392158,
//     0.480392166, 0.198039222, 0.770588242, 0.616666676, 0.488235306, 0.436274515, 0.550980398,
//     0.70000001, 0.500980396, 0.538235309, 0.302941185, 0.6764706, 0.642156877, 0.367647075,
//     0.533333343, 0.353921574, 0.653921574, 0.77450981, 0.498039231, 0.322549027, 0.442156867,
//     0.418627458, 0.558823537, 0.311764714, 0.486274514, 0.6764706, 0.343137268, 0.697058842,
//     0.407843145, 0.537254915, 0.479411777, 0.656862758, 0.577450994, 0.349019613, 0.476470592,
//     0.281372557, 0.648039222, 0.399019622, 0.318627458, 0.677451, 0.470588256, 0.312745105,
//     0.384313732, 0.46666668, 0.423529424]
// expect u3 ~ abs 1e-6 = [0.450490203, 0.510784325, 0.582352952, 0.452941186, 0.520098051,
//     0.540441182, 0.59142158, 0.507843147, 0.507107853, 0.496813735, 0.403676479, 0.580392164,
//     0.451715696, 0.401225499, 0.538235309, 0.447058835]
// expect u4 ~ abs 1e-6 = [0.121568628, 0.603921592, 0.0431372561, 0.764705896, 0.490196079,
//     0.270588249, 0.921568632, 0.545098066, 0.498039216, 0.31764707, 0.717647076, 0.360784322,
//     0.776470602, 0.870588243, 0.0666666701, 0.34117648, 0.0823529437, 0.556862772, 0.952941179,
//     0.00392156886, 0.101960786, 0.75686276, 0.729411781, 0.568627477, 0.768627465, 0.333333343,
//     0.435294122, 0.168627456, 0.701960802, 0.41568628, 0.690196097, 0.929411769, 0.290196091,
//     0.760784328, 0.101960786, 0.498039216, 0.968627453, 0.490196079, 0.788235307, 0.847058833,
//     0.286274523, 0.600000024, 0.400000006, 0.223529413, 0.87843138, 0.211764708, 0.56078434,
//     0.764705896, 0.749019623, 0.215686277, 0.505882382, 0.243137255, 0.0784313753, 0.478431374,
//     0.0980392173, 0.368627459, 0.0549019612, 0.117647059, 0.615686297, 0.529411793, 0.305882365,
//     0.262745112, 0.68235296, 0.850980401]
Texture2D<float4> Source : register(t0);
SamplerState PointClamp : register(s1);
RWTexture2D<float4> Mip1 : register(u2);
RWStructuredBuffer<float4> Mip2 : register(u3);
RWStructuredBuffer<float4> LowerRight : register(u4);

groupshared float4 Level1[4][4];

float Average(float4 v)
{
    return (v.x + v.y + v.z + v.w) * 0.25;
}

[numthreads(4, 4, 1)]
void main(uint3 id : SV_GroupThreadID)
{
    uint w, h;
    Source.GetDimensions(w, h);
    const float2 uv = (float2(id.xy * 2) + 1.0) / float2(w, h);
    const float4 color = float4(Average(Source.GatherRed(PointClamp, uv)),
                                Average(Source.GatherGreen(PointClamp, uv)),
                                Average(Source.GatherBlue(PointClamp, uv)),
                                Average(Source.GatherAlpha(PointClamp, uv)));
    Mip1[id.xy] = color;
    Level1[id.y][id.x] = color;
    LowerRight[id.y * 4 + id.x] = Source.Load(int3(id.xy * 2, 0), int2(1, 1));
    GroupMemoryBarrierWithGroupSync();

    if (all(id.xy < 2))
    {
        const uint2 s = id.xy * 2;
        Mip2[id.y * 2 + id.x] = (Level1[s.y][s.x] + Level1[s.y][s.x + 1] + Level1[s.y + 1][s.x]
                                 + Level1[s.y + 1][s.x + 1]) * 0.25;
    }
}
