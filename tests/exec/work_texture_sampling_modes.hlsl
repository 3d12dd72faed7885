// Texture reads as material and post-processing passes mix them, one query per thread from
// a table (u, v, lod, mode): `SampleLevel` through four samplers (point+clamp, linear+wrap,
// linear+clamp, point+wrap; mip point) on a 4x4 rgba8unorm texture with 3 mips, at texel
// centres, bilinear mid-points (fraction 0.5 in both axes), edges and outside [0, 1] (wrap
// and clamp differ), at lods 0, 1, 2, 0.25 (level 0) and 1.75 (level 2); `Gather` and
// `GatherGreen` of the level-0 footprint at each query's uv (D3D order: (i0, j1), (i1, j1),
// (i1, j0), (i0, j0), wrap addressing through the linear+wrap sampler); `Load(int3)` of
// mips 1 and 2 and `Load(int3, int2 offset)`; and `GetDimensions(mip, w, h, levels)` for
// each mip. Positions are chosen so that no point sample or footprint sits on a texel
// boundary: u * size - 0.5 is an integer or an integer + 1/2.
// lavapipe (Mesa 22.3.6) answers `GetDimensions(mip, …)` whose mip differs between the lanes
// of a subgroup with the first lane's size for every lane (`GetDimensions(gi, w, h, n)` gave
// 4 for mips 0, 1 and 2, from hlslc's SPIR-V, its WGSL and glslang alike; a mip that is the
// same in every lane, constant or from a cbuffer, is right): one lane queries the mips here,
// and `tests/exec/work/lavapipe/get_dimensions_lane_mip.hlsl` keeps the reduction.
// Tolerance: abs 0.004 (about one unorm8 step: Vulkan lets a filter's weights be quantised,
// here to at least 8 fraction bits; a weight of 1/2 is exact).
// Expected values: tests/exec/work/models.py (texture_sampling_modes).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d rgba8unorm 4x4 mips 3 = [71, 158, 18, 117, 15, 185, 3, 102, 166, 218, 197,
//     119, 96, 69, 204, 141, 209, 126, 204, 203, 206, 73, 186, 149, 106, 171, 201, 143, 249, 231,
//     109, 158, 15, 129, 91, 229, 129, 62, 133, 200, 97, 33, 33, 235, 6, 110, 163, 51, 1, 169, 189,
//     195, 39, 151, 101, 255, 141, 58, 206, 139, 134, 216, 108, 76, 174, 251, 29, 92, 151, 180,
//     116, 102, 206, 203, 34, 81, 244, 151, 106, 145, 10, 20, 30, 40]
// sampler s1 point mip point clamp
// sampler s2 linear mip point wrap
// sampler s3 linear mip point clamp
// sampler s4 point mip point wrap
// buffer t5 ro float4[16] = [0.375, 0.625, 0, 0, 1.375, 0.125, 0, 0, -0.125, 0.875, 0, 0, 0.625,
//     0.375, 0, 3, -0.125, 1.125, 0, 3, 0.5, 0.5, 0, 1, 0, 0.25, 0, 1, 1, 1, 0, 1, -0.25, 0.75, 0,
//     1, 0, 0.25, 0, 2, 1, 1, 0, 2, 0.25, 0.75, 0, 2, 0.375, 0.625, 1, 0, 0.5, 0.5, 1, 2, 0.625,
//     0.125, 0.25, 0, 0.125, 0.875, 1.75, 2]
// buffer u6 rw float4[16] = 0
// buffer u7 rw float4[16] = 0
// buffer u8 rw float4[16] = 0
// buffer u9 rw float4[6] = 0
// buffer u10 rw uint[9] = 0
// expect u6 ~ abs 0.004 = [0.505882353, 0.243137255, 0.521568627, 0.784313725, 0.376470588,
//     0.270588235, 0.8, 0.552941176, 0.00392156863, 0.662745098, 0.741176471, 0.764705882,
//     0.415686275, 0.670588235, 0.788235294, 0.560784314, 0.376470588, 0.270588235, 0.8,
//     0.552941176, 0.52745098, 0.332352941, 0.542156863, 0.712745098, 0.612745098, 0.57254902,
//     0.524509804, 0.606862745, 0.296078431, 0.6, 0.508823529, 0.518627451, 0.370588235,
//     0.408823529, 0.5, 0.491176471, 0.549019608, 0.556862745, 0.435294118, 0.62745098,
//     0.525490196, 0.847058824, 0.423529412, 0.298039216, 0.180392157, 0.500980392, 0.503921569,
//     0.861764706, 0.807843137, 0.796078431, 0.133333333, 0.317647059, 0.759803922, 0.769607843,
//     0.279411765, 0.411764706, 0.650980392, 0.854901961, 0.77254902, 0.466666667, 0.0392156863,
//     0.0784313725, 0.117647059, 0.156862745]
// expect u7 ~ abs 0.004 = [0.152941176, 0.552941176, 0.380392157, 0.505882353, 0.807843137,
//     0.415686275, 0.650980392, 0.0588235294, 0.376470588, 0.278431373, 0.00392156863, 0.525490196,
//     0.380392157, 0.0235294118, 0.976470588, 0.415686275, 0.976470588, 0.819607843, 0.278431373,
//     0.376470588, 0.505882353, 0.380392157, 0.415686275, 0.807843137, 0.976470588, 0.819607843,
//     0.278431373, 0.376470588, 0.376470588, 0.278431373, 0.00392156863, 0.525490196, 0.552941176,
//     0.525490196, 0.0235294118, 0.380392157, 0.976470588, 0.819607843, 0.278431373, 0.376470588,
//     0.376470588, 0.278431373, 0.00392156863, 0.525490196, 0.00392156863, 0.152941176,
//     0.505882353, 0.0588235294, 0.152941176, 0.552941176, 0.380392157, 0.505882353, 0.505882353,
//     0.380392157, 0.415686275, 0.807843137, 0.415686275, 0.976470588, 0.376470588, 0.650980392,
//     0.278431373, 0.0588235294, 0.152941176, 0.00392156863]
// expect u8 ~ abs 0.004 = [0.592156863, 0.22745098, 0.129411765, 0.243137255, 0.28627451,
//     0.670588235, 0.854901961, 0.725490196, 0.270588235, 0.619607843, 0.662745098, 0.847058824,
//     0.129411765, 0.431372549, 0.905882353, 0.670588235, 0.905882353, 0.494117647, 0.619607843,
//     0.270588235, 0.243137255, 0.129411765, 0.670588235, 0.28627451, 0.905882353, 0.494117647,
//     0.619607843, 0.270588235, 0.270588235, 0.619607843, 0.662745098, 0.847058824, 0.22745098,
//     0.847058824, 0.431372549, 0.129411765, 0.905882353, 0.494117647, 0.619607843, 0.270588235,
//     0.270588235, 0.619607843, 0.662745098, 0.847058824, 0.662745098, 0.592156863, 0.243137255,
//     0.505882353, 0.592156863, 0.22745098, 0.129411765, 0.243137255, 0.243137255, 0.129411765,
//     0.670588235, 0.28627451, 0.670588235, 0.905882353, 0.270588235, 0.854901961, 0.619607843,
//     0.725490196, 0.592156863, 0.662745098]
// expect u9 ~ abs 0.004 = [0.682352941, 0.984313725, 0.11372549, 0.360784314, 0.956862745,
//     0.592156863, 0.415686275, 0.568627451, 0.0392156863, 0.0784313725, 0.117647059, 0.156862745,
//     0.976470588, 0.905882353, 0.42745098, 0.619607843, 0.00392156863, 0.662745098, 0.741176471,
//     0.764705882, 0.807843137, 0.796078431, 0.133333333, 0.317647059]
// expect u10 = [4, 4, 3, 2, 2, 3, 1, 1, 3]
Texture2D<float4> Albedo : register(t0);
SamplerState PointClamp : register(s1);
SamplerState LinearWrap : register(s2);
SamplerState LinearClamp : register(s3);
SamplerState PointWrap : register(s4);
StructuredBuffer<float4> Queries : register(t5);
RWStructuredBuffer<float4> Samples : register(u6);
RWStructuredBuffer<float4> GatherR : register(u7);
RWStructuredBuffer<float4> GatherG : register(u8);
RWStructuredBuffer<float4> Loads : register(u9);
RWStructuredBuffer<uint> Dims : register(u10);

float4 SampleWith(uint mode, float2 uv, float lod)
{
    switch (mode)
    {
    case 0: return Albedo.SampleLevel(PointClamp, uv, lod);
    case 1: return Albedo.SampleLevel(LinearWrap, uv, lod);
    case 2: return Albedo.SampleLevel(LinearClamp, uv, lod);
    default: return Albedo.SampleLevel(PointWrap, uv, lod);
    }
}

[numthreads(16, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    const float4 q = Queries[gi];
    Samples[gi] = SampleWith((uint)q.w, q.xy, q.z);
    GatherR[gi] = Albedo.Gather(LinearWrap, q.xy);
    GatherG[gi] = Albedo.GatherGreen(LinearWrap, q.xy);

    if (gi == 0)
    {
        // One lane asks for every mip: lavapipe answers a query whose mip differs between
        // lanes with the first lane's size (see the header).
        for (uint mip = 0; mip < 3; ++mip)
        {
            uint w, h, levels;
            Albedo.GetDimensions(mip, w, h, levels);
            Dims[mip * 3 + 0] = w;
            Dims[mip * 3 + 1] = h;
            Dims[mip * 3 + 2] = levels;
        }
        Loads[0] = Albedo.Load(int3(0, 0, 1));
        Loads[1] = Albedo.Load(int3(1, 1, 1));
        Loads[2] = Albedo.Load(int3(0, 0, 2));
        Loads[3] = Albedo.Load(int3(1, 2, 0), int2(2, -1));
        Loads[4] = Albedo.Load(int3(3, 3, 0), int2(-3, 0));
        Loads[5] = Albedo.Load(int3(1, 0, 1), int2(-1, 1));
    }
}
