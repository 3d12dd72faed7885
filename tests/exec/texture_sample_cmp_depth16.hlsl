// Comparison sampling of a depth16unorm texture through SamplerComparisonState, as shadow-map
// code does: SampleCmpLevelZero (with and without an offset), GatherCmp and GatherCmpRed (the
// 2x2 footprint's results in D3D's gather order x = (i0, j1), y = (i1, j1), z = (i1, j0),
// w = (i0, j0)), a linear (PCF) comparison filter and a Texture2DArray whose layer coordinate
// is rounded to nearest and clamped to [0, layers - 1]. The result is `ref OP texel`
// (D3D11 and Vulkan alike), 1.0 or 0.0 per texel before filtering.
// `depth` is 4x2 with texels (u16 / 65535) row 0 = [0, .25, .5, 1], row 1 = [1, .5, .25, 0]
// (16384 / 65535 = 0.2500038, 32768 / 65535 = 0.5000076); `layers` is 2x1 with layer L
// all (0, .5, 1)[L]. `le` compares less-equal (point), `gt` greater (linear).
// By hand: o0 (0.375, 0.25) → texel (1,0) = .25: .3 <= .25 → 0; o1 (0.625, 0.25) → (2,0)
// = .5 → 1; o2 (0.125, 0.75) + int2(1, 0) → (1,1) = .5 → 1; o3 (0.125, 0.25), ref 0 → (0,0)
// = 0: 0 <= 0 → 1. o4-o7 GatherCmp at (0.5, 0.5): x = 4*.5 - .5 = 1.5, y = 2*.5 - .5 = .5 →
// i0 = 1, j0 = 0: x = (1,1) = .5 → 1, y = (2,1) = .25 → 0, z = (2,0) = .5 → 1,
// w = (1,0) = .25 → 0. o8 `gt` linear at (0.5, 0.25): weights .5/.5 between (1,0) (.3 > .25
// → 1) and (2,0) (.3 > .5 → 0), row 0 only (y = 0 exactly at the texel centre) → 0.5.
// o9 layer 1.6 → 2 (1.0): .3 <= 1 → 1; o10 layer 0.6 → 1 (.5), ref .7 → 0; o11 layer -3 →
// clamped to 0 (0), ref 0 → 1. o12-o15 GatherCmpRed at (0.5, 0.5) with int2(-1, 0), ref .6:
// i0 = 0, j0 = 0: x = (0,1) = 1 → 1, y = (1,1) = .5 → 0, z = (1,0) = .25 → 0, w = (0,0) → 0.
// Tolerance abs 1/64 for o8's filter weight (8 fractional bits on lavapipe, D3D needs 6).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d depth16unorm 4x2 = [0, 16384, 32768, 65535, 65535, 32768, 16384, 0]
// texture t1 sampled 2darray depth16unorm 2x1x3 = [0, 0, 32768, 32768, 65535, 65535]
// sampler s2 point clamp compare less-equal
// sampler s3 linear clamp compare greater
// buffer u4 rw float[16] = 0
// expect u4 ~ abs 0.015625 = [0, 1, 1, 1,  1, 0, 1, 0,  0.5, 1, 0, 1,  1, 0, 0, 0]
// peer-bug glslang: GatherCmp and GatherCmpRed become OpImageDrefGather with a Bias operand
//   repeating the reference (SPV_AMD_texture_gather_bias_lod), which spirv-val rejects outside
//   ImplicitLod opcodes; and the texture passed to `shadow` goes through a Function variable of
//   image type (as in resource_value_peer). With both inlined away, glslang gives the other 8 values
Texture2D<float> depth : register(t0);
Texture2DArray<float> layers : register(t1);
SamplerComparisonState le : register(s2);
SamplerComparisonState gt : register(s3);
RWStructuredBuffer<float> o : register(u4);

float shadow(Texture2D<float> map, SamplerComparisonState s, float2 uv, float ref) {
    return map.SampleCmpLevelZero(s, uv, ref);
}

[numthreads(1, 1, 1)]
void main() {
    o[0] = shadow(depth, le, float2(0.375, 0.25), 0.3);
    o[1] = shadow(depth, le, float2(0.625, 0.25), 0.3);
    o[2] = depth.SampleCmpLevelZero(le, float2(0.125, 0.75), 0.3, int2(1, 0));
    o[3] = depth.SampleCmpLevelZero(le, float2(0.125, 0.25), 0.0f);
    float4 g = depth.GatherCmp(le, float2(0.5, 0.5), 0.3);
    [unroll] for (uint i = 0; i < 4; i++) o[4 + i] = g[i];
    o[8] = shadow(depth, gt, float2(0.5, 0.25), 0.3);
    o[9] = layers.SampleCmpLevelZero(le, float3(0.5, 0.5, 1.6), 0.3);
    o[10] = layers.SampleCmpLevelZero(le, float3(0.5, 0.5, 0.6), 0.7);
    o[11] = layers.SampleCmpLevelZero(le, float3(0.5, 0.5, -3), 0);
    float4 r = depth.GatherCmpRed(le, float2(0.5, 0.5), 0.6, int2(-1, 0));
    o[12] = r.x; o[13] = r.y; o[14] = r.z; o[15] = r.w;
}
