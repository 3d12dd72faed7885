// Cascaded shadow-map lookups as deferred lighting passes write them: three cascades in one
// `Texture2DArray` (depth16unorm, 4x4 per slice), a cbuffer with an array of
// `row_major float4x4` light view-projections (orthographic, the row-vector convention
// mul(float4(p, 1), M)) and the cascade split depths. Each thread picks its cascade from its
// view depth, projects its world position, maps NDC to uv (y flipped), and compares the
// light-space depth with `SampleCmpLevelZero` twice: through a point sampler (a single
// less-equal test) and a linear one (the hardware 2x2 PCF: each texel compared, then
// filtered); positions put the point lookups at texel centres and the PCF lookups on texel
// edges or corners (weights 1/2 or 1/4, exact), references between texel depths (so no
// comparison is a tie). Out-of-range uv clamp to the edge. Outputs per thread: cascade,
// point result, PCF result, and the light-space depth.
// Expected values: tests/exec/work/models.py (shadow_cascades).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [0.25, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 0.0625, 0, 0, 0, 0.5, 1, 0.125, 0, 0, 0, 0,
//     0.125, 0, 0, 0, 0, 0.0625, 0, 0, 0, 0.5, 1, 0.0625, 0, 0, 0, 0, 0.0625, 0, 0, 0, 0, 0.0625,
//     0, 0, 0, 0.5, 1, 8, 24, 1000000000, 0]
// texture t1 sampled 2darray depth16unorm 4x4x3 = [39935, 59391, 49151, 57343, 7168, 43007, 46079,
//     24576, 12288, 7168, 54271, 29696, 19456, 22528, 25600, 24576, 50175, 6144, 53247, 24576,
//     50175, 23552, 64511, 41983, 53247, 31744, 53247, 15360, 0, 5120, 51199, 18432, 3072, 61439,
//     46079, 11264, 62463, 41983, 14336, 55295, 54271, 55295, 48127, 14336, 17408, 64511, 22528,
//     40959]
// sampler s2 point clamp compare less-equal
// sampler s3 linear clamp compare less-equal
// buffer t4 ro float4[32] = [1, 1, -1.125, 5, -24, 16, -6.375, 41, 5, -1, 0.625, 4, -12, 4, -3.875,
//     14, -12, 4, 2.625, 42, 8, 16, 4.625, 41, -2, 6, 2.375, 14, -4, 8, 4.375, 14, 12, 12, 7.125,
//     41, 0, 0, 2.375, 5, 12, -20, -6.625, 40, 2, 0, 1.875, 5, 1, 1, -6.125, 4, -4, 8, -4.125, 15,
//     10, 6, -4.875, 15, 16, -16, 5.875, 43, 12, -4, 7.875, 43, -12, 4, -5.625, 13, -6, -2, -3.625,
//     15, 16, -16, 0.875, 41, 5, 1, -2.375, 2, 0, 4, 6.375, 4, 2, 2, 2.125, 12, -2, 0, 4.375, 4,
//     -12, -4, -7.375, 43, 8, 4, -6.625, 13, 10, 2, 1.375, 15, 8, -4, 1.125, 15, 5, -3, 5.625, 4,
//     0, -4, -3.625, 4, -10, 2, -0.625, 15, 2, -4, -7.625, 3]
// buffer u5 rw float4[32] = 0
// expect u5 ~ abs 1e-6 = [0, 1, 1, 0.4296875, 2, 0, 0, 0.1015625, 0, 0, 0, 0.5390625, 1, 1, 1,
//     0.2578125, 2, 1, 1, 0.6640625, 2, 0, 0, 0.7890625, 1, 0, 0, 0.6484375, 1, 0, 0, 0.7734375, 2,
//     0, 0, 0.9453125, 0, 1, 0.75, 0.6484375, 2, 1, 1, 0.0859375, 0, 0, 0.5, 0.6171875, 0, 1, 1,
//     0.1171875, 1, 0, 0.5, 0.2421875, 1, 1, 1, 0.1953125, 2, 0, 0, 0.8671875, 2, 0, 0, 0.9921875,
//     1, 1, 1, 0.1484375, 1, 1, 1, 0.2734375, 2, 1, 1, 0.5546875, 0, 1, 1, 0.3515625, 0, 0, 0.5,
//     0.8984375, 1, 1, 1, 0.6328125, 0, 0, 0, 0.7734375, 2, 1, 1, 0.0390625, 1, 1, 1, 0.0859375, 1,
//     1, 1, 0.5859375, 1, 0, 0, 0.5703125, 0, 0, 0, 0.8515625, 0, 1, 1, 0.2734375, 1, 1, 1,
//     0.4609375, 0, 1, 1, 0.0234375]
cbuffer Shadows : register(b0)
{
    row_major float4x4 LightViewProj[3];
    float4 Splits;
};

Texture2DArray<float> ShadowMaps : register(t1);
SamplerComparisonState PointCmp : register(s2);
SamplerComparisonState LinearCmp : register(s3);
StructuredBuffer<float4> Positions : register(t4);   // xyz world, w view depth
RWStructuredBuffer<float4> Shadow : register(u5);

uint SelectCascade(float viewDepth)
{
    uint cascade = 0;
    [unroll]
    for (uint i = 0; i < 2; ++i)
    {
        if (viewDepth >= Splits[i])
            cascade = i + 1;
    }
    return cascade;
}

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    const float4 p = Positions[t];
    const uint cascade = SelectCascade(p.w);
    const float4 lightPos = mul(float4(p.xyz, 1.0), LightViewProj[cascade]);
    const float3 ndc = lightPos.xyz / lightPos.w;
    const float2 uv = ndc.xy * float2(0.5, -0.5) + 0.5;
    const float3 coord = float3(uv, (float)cascade);
    const float hard = ShadowMaps.SampleCmpLevelZero(PointCmp, coord, ndc.z);
    const float soft = ShadowMaps.SampleCmpLevelZero(LinearCmp, coord, ndc.z);
    Shadow[t] = float4((float)cascade, hard, soft, ndc.z);
}
