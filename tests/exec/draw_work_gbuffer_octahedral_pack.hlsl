// A G-buffer pass for two-sided geometry (the harness has one colour target, so the
// G-buffer is packed into one rgba32uint texel as engines do for visibility/thin G-buffers):
// r = the world normal, flipped on back faces with `SV_IsFrontFace`, octahedral-encoded
// (x, y) / (|x| + |y| + |z|, folded as (1 - |y|, 1 - |x|) * signNotZero when z < 0) and packed
// as two halves with `f32tof16` (x low, y high); g = albedo packed by hand as rgba8
// ((uint)(saturate(c) * 255 + 0.5), r in the low byte); b = SV_IsFrontFace; a = a
// `nointerpolation` material id (7 + triangle). Triangle 0 (pixel coordinates (0,0), (4,0),
// (0,1): clockwise on screen, back-facing under wgpu's default counter-clockwise front face)
// covers row 0 of the 2x2 target with normal (0.6, 0, 0.8) and albedo (1, 0.25, 0.75, 1);
// triangle 1 ((0,1), (0,2), (4,1): front-facing) covers row 1 with normal (0, -0.6, 0.8) and
// albedo (0.125, 0.375, 0.625, 0.875). Row 0's flipped normal (-0.6, 0, -0.8) folds to
// (-1, 0.571429) (signNotZero(0) = +1), half bits 0xbc00 / 0x3892; row 1's (0, -0.428571) is
// 0x0000 / 0xb6db. Every encoded value and every byte is far from a rounding boundary, so the
// one-ulp noise of interpolating a constant attribute cannot change a bit: compared exactly.
// Expected words from draw_work/models.py (`gbuffer`).
// exec: -T ps_6_0 -E psmain draw 6 vs vsmain target rgba32uint 2x2
// expect target = [949140480, 4290724095, 0, 7,  949140480, 4290724095, 0, 7,
//   3067805696, 3751764000, 1, 8,  3067805696, 3751764000, 1, 8]
struct GBufferVaryings {
    float4 position : SV_Position;
    float3 normal : NORMAL;
    float4 albedo : COLOR0;
    nointerpolation uint material : MATERIAL;
};

GBufferVaryings vsmain(uint vid : SV_VertexID) {
    const uint t = vid / 3, k = vid % 3;
    float2 p;
    if (t == 0)
        p = k == 0 ? float2(0, 0) : (k == 1 ? float2(4, 0) : float2(0, 1));
    else
        p = k == 0 ? float2(0, 1) : (k == 1 ? float2(0, 2) : float2(4, 1));
    GBufferVaryings o;
    o.position = float4(p.x - 1, 1 - p.y, 0, 1);
    o.normal = t == 0 ? float3(0.6, 0, 0.8) : float3(0, -0.6, 0.8);
    o.albedo = t == 0 ? float4(1, 0.25, 0.75, 1) : float4(0.125, 0.375, 0.625, 0.875);
    o.material = 7 + t;
    return o;
}

float2 signNotZero(float2 v) {
    return float2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0);
}

float2 octEncode(float3 n) {
    float2 p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
    return n.z < 0.0 ? (1.0 - abs(p.yx)) * signNotZero(p) : p;
}

uint packUnorm4(float4 c) {
    uint4 b = (uint4)(saturate(c) * 255.0 + 0.5);
    return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

uint4 psmain(GBufferVaryings i, bool frontFace : SV_IsFrontFace) : SV_Target {
    float3 n = normalize(i.normal);
    if (!frontFace)
        n = -n;
    float2 oct = octEncode(n);
    uint packedNormal = f32tof16(oct.x) | (f32tof16(oct.y) << 16);
    return uint4(packedNormal, packUnorm4(i.albedo), frontFace ? 1u : 0u, i.material);
}
