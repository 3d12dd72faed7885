// Per-sample shading on a 4x multisampled target: reading SV_SampleIndex makes the pixel
// shader run once per sample, and SV_Position then holds that sample's location (D3D11 and
// Vulkan's FragCoord under sample shading alike). Vulkan's standard 4x locations (D3D's
// standard pattern) are, in pixel units: sample 0 (0.375, 0.125), 1 (0.875, 0.375),
// 2 (0.125, 0.625), 3 (0.625, 0.875). Each sample writes
//   r = sampleIndex / 4, g = frac(x) * frac(y), b = frac(x) for sample 1 else 0,
//   a = frac(y) for sample 2 else 0
// and the resolve (the harness resolves into a single-sample rgba16float target) averages
// them: r = (0 + .25 + .5 + .75) / 4 = 0.375, g = (.046875 + .328125 + .078125 + .546875) / 4
// = 0.25, b = .875 / 4 = 0.21875, a = .625 / 4 = 0.15625, on every pixel of the 2x2 target
// (a full-screen triangle). All values are exact in f16; tolerance abs 1e-3 for the
// resolve's rounding.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba16float 2x2 msaa 4
// expect target ~ abs 1e-3 = [0.375, 0.25, 0.21875, 0.15625,  0.375, 0.25, 0.21875, 0.15625,
//   0.375, 0.25, 0.21875, 0.15625,  0.375, 0.25, 0.21875, 0.15625]
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}

float4 psmain(float4 samplePos : SV_Position, uint sampleIndex : SV_SampleIndex) : SV_Target {
    float2 f = frac(samplePos.xy);
    return float4(sampleIndex * 0.25, f.x * f.y, sampleIndex == 1 ? f.x : 0.0,
                  sampleIndex == 2 ? f.y : 0.0);
}
