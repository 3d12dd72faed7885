// SV_Coverage output on a 4x multisampled target, as checkerboard and alpha-to-coverage
// rendering use it: the pixel shader writes (1, 0.75, 0.5, 1) and SV_Coverage = 0x3 (from
// the cbuffer), which the rasterised coverage masks, so only samples 0 and 1 of what the
// triangle covers are written; the rest keep the clear colour 0, and the
// resolve (into a single-sample rgba16float 2x2 target) averages the four samples.
// The triangle (pixel units) (0,0), (3,0), (0,3) covers every sample of pixels (0,0), (1,0)
// and (0,1) (the largest x + y there is 1.625 + 0.875 = 2.5 < 3); in pixel (1,1), with
// Vulkan's standard 4x locations (0.375, 0.125), (0.875, 0.375), (0.125, 0.625),
// (0.625, 0.875), samples 0 (x + y = 2.5) and 2 (2.75) are inside, 1 (3.25) and 3 (3.5)
// outside: coverage 0b0101, so only sample 0 is written. Full pixels resolve to
// (2/4) * (1, 0.75, 0.5, 1) = (0.5, 0.375, 0.25, 0.5) and pixel (1,1) to
// (1/4) * (1, 0.75, 0.5, 1) = (0.25, 0.1875, 0.125, 0.25). Tolerance abs 1e-3 (the resolve).
// The SV_Coverage *input* is left out: lavapipe (Mesa 22.3.6) gives inconsistent values
// when a shader reads it beside the output (measured from hlslc's SPIR-V and WGSL alike:
// a fully covered pixel resolved as if it read 3, not 15; see the README section).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba16float 2x2 msaa 4
// cbuffer b2 = u32 [3]
// expect target ~ abs 1e-3 = [0.5, 0.375, 0.25, 0.5,  0.5, 0.375, 0.25, 0.5,
//   0.5, 0.375, 0.25, 0.5,  0.25, 0.1875, 0.125, 0.25]
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(3, 0) : float2(0, 3));
    return float4(p.x - 1, 1 - p.y, 0, 1);
}

cbuffer CheckerboardParams : register(b2) {
    uint sampleMask;
};

float4 psmain(float4 pos : SV_Position, out uint coverageOut : SV_Coverage) : SV_Target {
    coverageOut = sampleMask;
    return float4(1, 0.75, 0.5, 1);
}
