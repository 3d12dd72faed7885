// An image-processing compute pass mixing texture access forms as post-processing code does:
// a 4x4 r32float Texture2D with two mips (mip 1 given explicitly, not a downsample), a
// RWTexture2D<float4> output, two samplers passed to a helper as `SamplerState` parameters.
// Per pixel (x, y): a 3x3 box sum through Load with clamped coordinates; a bilinear
// SampleLevel at the corner uv = ((x+1)/4, (y+1)/4) (the mean of the four texels around it,
// clamp addressing); SampleLevel of mip 1 with the point sampler plus `mips[1][p / 2]`
// (twice the mip-1 texel); GatherRed at the same corner (w - x: texel (x, y+1) minus texel
// (x, y)) plus `Src[p]` plus a Load with a constant offset int2(1, 0) for x < 3; and
// GetDimensions for both mips (width, height, levels: 4 4 2, 2 2 2) into a buffer, the
// second with mipLevel = levels - 1 from the first call. All values are quarters: exact;
// abs 1e-4 allows the bilinear weights' fixed-point rounding that Vulkan permits.
// Expected values: tests/exec/mix/models.py (image_filter_pipeline).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d r32float 4x4 mips 2 = [3, 8, 1, 6, 0, 5, 9, 2, 7, 4, 4, 10, 2, 12, 6, 1, 4, 4.5,
//     6.25, 5.25]
// sampler s1 point clamp
// sampler s2 linear clamp
// texture u3 rw 2d rgba32float 4x4 = 0
// buffer u4 rw uint[8] = 0
// expect u3 ~ abs 1e-4 = [33, 4, 8, 8, 38, 5.75, 8, 6, 46, 4.5, 9, 15, 39, 4, 9, 2, 37, 4, 8,
//     12, 41, 5.5, 8, 13, 49, 6.25, 9, 6, 50, 6, 9, 10, 39, 6.25, 12.5, 6, 49, 6.5, 12.5, 16,
//     53, 5.25, 10.5, 16, 45, 5.5, 10.5, 1, 50, 7, 12.5, 14, 55, 9, 12.5, 18, 56, 3.5, 10.5, 7,
//     40, 1, 10.5, 1]
// expect u4 = [4, 4, 2, 2, 2, 2, 2, 2]
// peer-bug glslang: a texture argument passed through a `Function` variable of image type (resource_value_peer), which spirv-val rejects
Texture2D<float> Src : register(t0);
SamplerState PointClamp : register(s1);
SamplerState LinearClamp : register(s2);
RWTexture2D<float4> Dst : register(u3);
RWStructuredBuffer<uint> Dims : register(u4);

float sampleAt(Texture2D<float> tex, SamplerState s, float2 uv, float lod) {
    return tex.SampleLevel(s, uv, lod);
}

float boxSum(int2 p) {
    float sum = 0;
    [unroll]
    for (int dy = -1; dy <= 1; ++dy)
        [unroll]
        for (int dx = -1; dx <= 1; ++dx)
            sum += Src.Load(int3(clamp(p + int2(dx, dy), 0, 3), 0));
    return sum;
}

[numthreads(4, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int2 p = int2(id.xy);
    float2 corner = float2(p + 1) / 4.0;
    float2 centre = (float2(p) + 0.5) / 4.0;

    float lin = sampleAt(Src, LinearClamp, corner, 0);
    float mip = sampleAt(Src, PointClamp, centre, 1) + Src.mips[1][p / 2];
    float4 g = Src.GatherRed(PointClamp, corner);
    float right = p.x < 3 ? Src.Load(int3(p, 0), int2(1, 0)) : 0;
    Dst[p] = float4(boxSum(p), lin, mip, g.x - g.w + Src[p] + right);

    if (all(p == 0)) {
        uint w, h, levels;
        Src.GetDimensions(0, w, h, levels);
        Dims[0] = w; Dims[1] = h; Dims[2] = levels;
        Src.GetDimensions(levels - 1, w, h, levels);
        Dims[3] = w; Dims[4] = h; Dims[5] = levels;
        float fw, fh;
        Src.GetDimensions(fw, fh);
        Dims[6] = (uint)fw / 2; Dims[7] = (uint)fh / 2;
    }
}
