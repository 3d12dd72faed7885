// A textured surface seen at four distances, recording which parts of which mips of its
// texture the pixels read: the information a texture streamer needs.
//
// The target is split into four bands of 16 rows. Each band maps pixels to texture
// coordinates with its own scale and pan (`Views.bands`), like four objects at different
// distances: the further the object, the more texels a pixel covers and the coarser the mip
// the sampler picks (LOD = log2(texels per pixel)).

cbuffer Views : register(b0)
{
    float4 bands[4]; // xy: texture coordinates per pixel, zw: coordinate at the band's corner
};

Texture2D<float4> albedo : register(t0);
SamplerState linearWrap : register(s0);

// The feedback map paired with `albedo`: for every mip region of the texture, the most detailed
// mip any pixel sampled there (D3D12's MinMip feedback). hlslc emulates it with a storage buffer
// (`docs/sampler-feedback.md`).
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> albedoFeedback : register(u0);

float4 vs_main(uint id : SV_VertexID) : SV_Position
{
    // One triangle covering the whole target.
    return float4(float2(id & 1, id >> 1) * 4 - 1, 0, 1);
}

float4 ps_main(float4 pos : SV_Position) : SV_Target
{
    uint band = uint(pos.y) / 16;
    float2 local = pos.xy - float2(0, band * 16);
    float2 uv = local * bands[band].xy + bands[band].zw;
    // Records what the Sample below reads: same texture, sampler and coordinates, so the same
    // LOD (from the screen-space derivatives of uv) and the same texels.
    albedoFeedback.WriteSamplerFeedback(albedo, linearWrap, uv);
    return albedo.Sample(linearWrap, uv);
}
