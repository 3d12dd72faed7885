// SampleCmp (implicit LOD) in a pixel shader picks the mip from the derivatives like Sample:
// a 2x2 target reads a 4x4 depth16unorm texture with 3 mips at uv = SV_Position.xy / 2, so
// uv moves half the texture per pixel = 2 texels of mip 0 → LOD 1 (mip filter point: level
// 1). Mip 0 is all 0, mip 1 (2x2) = [0, 1, 1, 0] (u16 0 / 65535), mip 2 = 0. With ref 0.5 and
// less-equal, mip 1 gives [0, 1, 1, 0] (pixel (x, y) reads mip-1 texel (x, y)); mip 0 would
// give all 0. The second channel is SampleCmpLevelZero (mip 0, all 0) with ref 0 → 1.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rg32float 2x2
// texture t0 sampled 2d depth16unorm 4x4 mips 3 = [0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//   0, 0, 0, 0,   0, 65535, 65535, 0,   0]
// sampler s1 point mip point clamp compare less-equal
// expect target = [0, 1,  1, 1,  1, 1,  0, 1]
Texture2D<float> shadowMap : register(t0);
SamplerComparisonState cmp : register(s1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float2 psmain(float4 pos : SV_Position) : SV_Target {
    float2 uv = pos.xy / 2.0;
    return float2(shadowMap.SampleCmp(cmp, uv, 0.5), shadowMap.SampleCmpLevelZero(cmp, uv, 0.0));
}
