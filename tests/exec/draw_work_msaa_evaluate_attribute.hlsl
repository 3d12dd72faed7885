// Pull-model attribute interpolation in a pixel shader on a 4x multisampled target (the
// shader itself runs once per pixel): a screen-space attribute s = pixel coordinates
// (linear, w = 1 everywhere) is evaluated with
//   r = EvaluateAttributeAtSample(s, 1).x - floor(SV_Position.x)  → sample 1's x = 0.875
//   g = EvaluateAttributeAtSample(s, 2).y - floor(SV_Position.y)  → sample 2's y = 0.625
//   b = EvaluateAttributeCentroid(s).x - floor(SV_Position.x)
//   a = EvaluateAttributeSnapped(s, int2(0, 0)).y - floor(SV_Position.y) → the centre, 0.5
// using Vulkan's standard 4x locations (0.375, 0.125), (0.875, 0.375), (0.125, 0.625),
// (0.625, 0.875) (D3D's standard pattern). A full-screen triangle covers the 2x2 target;
// every sample of a pixel holds the same value, so the resolve leaves it. Tolerance abs 2e-3
// (f16 target, interpolation).
// b is `_`: D3D puts the centroid of a fully covered pixel at its centre (0.5), Vulkan lets
// it be any point of the pixel inside the primitive, and lavapipe (Mesa 22.3.6) gives 0.25 in
// pixels (0,0) and (1,1) and 0.5 in the others, for EvaluateAttributeCentroid and for a
// `centroid` input alike. The snapped offset is 0 because the two readings of a non-zero one
// differ: D3D counts it in 1/16 pixel, DXC's SPIR-V (and hlslc's, which follows it) converts
// the int2 to float pixels for InterpolateAtOffset (`int2(-4, 4)` moves 4 pixels, not 1/4;
// DXC's CodeGenSPIRV/intrinsics.evaluate-attribute-snapped.hlsl).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba16float 2x2 msaa 4
// expect target ~ abs 2e-3 = [0.875, 0.625, _, 0.5,  0.875, 0.625, _, 0.5,
//   0.875, 0.625, _, 0.5,  0.875, 0.625, _, 0.5]
// xfail hlslc-wgsl: EvaluateAttribute* have no WGSL form (E0803, a documented limit: WGSL
//   interpolates an input only as it is declared)
// peer-bug glslang: spells the centroid form EvaluateAttributeAtCentroid and rejects
//   EvaluateAttributeCentroid; its InterpolateAtSample takes a loaded value, not a pointer
//   (invalid SPIR-V)
struct Varyings {
    float4 position : SV_Position;
    float2 screen : TEXCOORD0;
};

Varyings vsmain(uint id : SV_VertexID) {
    float2 uv = float2((id << 1) & 2, id & 2);
    Varyings o;
    o.position = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
    o.screen = uv * 2.0;
    return o;
}

float4 psmain(Varyings i) : SV_Target {
    float2 cell = floor(i.position.xy);
    float atSample1 = EvaluateAttributeAtSample(i.screen, 1).x - cell.x;
    float atSample2 = EvaluateAttributeAtSample(i.screen, 2).y - cell.y;
    float atCentroid = EvaluateAttributeCentroid(i.screen).x - cell.x;
    float snapped = EvaluateAttributeSnapped(i.screen, int2(0, 0)).y - cell.y;
    return float4(atSample1, atSample2, atCentroid, snapped);
}
