// The last stage of a post-processing pass writing storage textures of the formats swap
// chains and HDR targets use, as Vulkan-targeted HLSL declares them: a
// `[[vk::image_format("rgba8")]] RWTexture2D<unorm float4>` (values clamped to [0, 1] and
// rounded to 8 bits by the store), a `[[vk::image_format("rgba16f")]] RWTexture2D<float4>`
// (values exact in half, 65504 the largest), and a `[[vk::image_format("r32ui")]]
// RWTexture1D<uint>` of counters bumped with texture InterlockedAdd; values chosen per
// pixel from a `static const` table, with a helper taking the output texture as a parameter.
// Per pixel i = 4y + x: LDR = saturate(v_i, v_(i+1), v_(i+3), 1 - 0.4 (x & 1)) in bytes
// (round(c * 255): 0.2 → 51, 0.4 → 102, 0.6 → 153, 0.8 → 204; each product lies within
// 1e-5 above the integer, so the driver's rounding mode does not matter); HDR =
// (i / 4 + 1/8, -2i, i, 0.5 or 65504 for i = 7); counter i mod 4 += i.
// Expected values: tests/exec/mix/models.py (storage_formats_postprocess).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u1 wo 2d rgba8unorm 4x2 = 0
// texture u2 wo 2d rgba16float 4x2 = 0
// texture u3 rw 1d r32uint 4 = 0
// expect u1 = [0, 0, 102, 255, 0, 51, 153, 153, 51, 102, 255, 255, 102, 153, 255, 153, 153,
//     255, 204, 255, 255, 255, 0, 153, 255, 204, 0, 255, 204, 0, 51, 153]
// expect u2 = [0.125, -0.0, 0, 0.5, 0.375, -2, 1, 0.5, 0.625, -4, 2, 0.5, 0.875, -6, 3, 0.5,
//     1.125, -8, 4, 0.5, 1.375, -10, 5, 0.5, 1.625, -12, 6, 0.5, 1.875, -14, 7, 65504]
// expect u3 = [4, 6, 8, 10]
// peer-bug glslang: a texture argument passed through a `Function` variable of image type (resource_value_peer), which spirv-val rejects
[[vk::image_format("rgba8")]] RWTexture2D<unorm float4> Ldr : register(u1);
[[vk::image_format("rgba16f")]] RWTexture2D<float4> Hdr : register(u2);
[[vk::image_format("r32ui")]] RWTexture1D<uint> Counts : register(u3);

static const float kValues[8] = { -0.5, 0, 0.2, 0.4, 0.6, 1, 1.5, 0.8 };

void writeLdr(RWTexture2D<unorm float4> target, uint2 p, float4 c) {
    target[p] = saturate(c);
}

[numthreads(4, 2, 1)]
void main(uint3 id : SV_GroupThreadID) {
    uint i = id.y * 4 + id.x;
    float v = kValues[i];
    float4 c = float4(v, kValues[(i + 1) % 8], kValues[(i + 3) % 8], 1 - (id.x & 1) * 0.4);
    writeLdr(Ldr, id.xy, c);
    Hdr[id.xy] = float4(i * 0.25 + 0.125, -2.0 * i, i, i == 7 ? 65504.0 : 0.5);
    InterlockedAdd(Counts[i % 4], i);
}
