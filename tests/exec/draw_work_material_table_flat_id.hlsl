// Bindless-style material lookup in a forward pass: the vertex shader emits a
// `nointerpolation uint` material id per triangle, and the pixel shader indexes a
// StructuredBuffer of materials (float4 tint, uint layer, float metallic, float2 uvScale:
// stride 32, offsets 0/16/20/24 in D3D's and std430's layout alike) and samples that
// material's layer of a Texture2DArray (rgba8unorm 1x1, 2 layers: layer 0 (255, 51, 102,
// 255), layer 1 (0, 255, 204, 128)), returning float4(texel.rgb * tint.rgb * (1 - metallic),
// texel.a * tint.a). Triangle 0 (pixel coordinates (0,0), (4,0), (0,1)) covers row 0 of the
// 2x2 target with material 1 (tint (0.5, 1, 1, 0.5), layer 0, metallic 0.25):
// (0.375, 0.15, 0.3, 0.5); triangle 1 ((0,1), (0,2), (4,1)) covers row 1 with material 0
// (tint (1, 0.5, 0.25, 1), layer 1, metallic 0.5): (0, 0.25, 0.1, 128/255 = 0.5019608).
// Tolerance rel 1e-6 abs 1e-7 (unorm conversion, two products).
// exec: -T ps_6_0 -E psmain draw 6 vs vsmain target rgba32float 2x2
// buffer t0 ro = f32 [1, 0.5, 0.25, 1] u32 [1] f32 [0.5, 1, 1] f32 [0.5, 1, 1, 0.5] u32 [0] f32 [0.25, 1, 1]
// texture t1 sampled 2darray rgba8unorm 1x1x2 = [255, 51, 102, 255,  0, 255, 204, 128]
// sampler s2 linear clamp
// expect target ~ rel 1e-6 abs 1e-7 = [0.375, 0.15, 0.3, 0.5,  0.375, 0.15, 0.3, 0.5,
//   0, 0.25, 0.1, 0.5019608,  0, 0.25, 0.1, 0.5019608]
struct Material {
    float4 tint;
    uint layer;
    float metallic;
    float2 uvScale;
};

StructuredBuffer<Material> materials : register(t0);
Texture2DArray<float4> albedoLayers : register(t1);
SamplerState linearClamp : register(s2);

struct Varyings {
    float4 position : SV_Position;
    float2 uv : TEXCOORD0;
    nointerpolation uint materialId : MATERIAL;
};

Varyings vsmain(uint vid : SV_VertexID) {
    const uint t = vid / 3, k = vid % 3;
    float2 p;
    if (t == 0)
        p = k == 0 ? float2(0, 0) : (k == 1 ? float2(4, 0) : float2(0, 1));
    else
        p = k == 0 ? float2(0, 1) : (k == 1 ? float2(0, 2) : float2(4, 1));
    Varyings o;
    o.position = float4(p.x - 1, 1 - p.y, 0, 1);
    o.uv = p * 0.25;
    o.materialId = 1 - t;
    return o;
}

float4 psmain(Varyings i) : SV_Target {
    Material m = materials[i.materialId];
    float4 texel = albedoLayers.Sample(linearClamp, float3(i.uv * m.uvScale, m.layer));
    return float4(texel.rgb * m.tint.rgb * (1.0 - m.metallic), texel.a * m.tint.a);
}
