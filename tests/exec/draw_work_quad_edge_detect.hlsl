// A screen-space edge-detection post pass that trades texture taps for quad shuffles: each
// pixel loads its own luminance (`Load(int3(SV_Position.xy, 0))` of a 4x4 r32float texture,
// texel (x, y) = ((3x + 5y) mod 7) / 4) and takes its quad neighbours' with
// `QuadReadAcrossX` (pixel x ^ 1), `QuadReadAcrossY` (y ^ 1) and `QuadReadAcrossDiagonal`.
// A full-screen triangle covers the 4x4 target, so every quad is whole and aligned to even
// pixel coordinates (quads are 2x2 pixel blocks at even x, y in D3D and Vulkan alike).
// Each pixel writes (l, |l - lx| + |l - ly|, l_diagonal, the quad's mean); values from
// draw_work/models.py (`edge`): quarters, compared exactly.
// requires subgroup
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// texture t0 sampled 2d r32float 4x4 = [0, 0.75, 1.5, 0.5, 1.25, 0.25, 1, 0, 0.75, 1.5, 0.5, 1.25, 0.25, 1, 0, 0.75]
// expect target = [0, 2, 0.25, 0.5625,  0.75, 1.25, 1.25, 0.5625,  1.5, 1.5, 0, 0.75,
//   0.5, 1.5, 1, 0.75,  1.25, 2.25, 0.75, 0.5625,  0.25, 1.5, 0, 0.5625,  1, 1.5, 0.5, 0.75,
//   0, 1.5, 1.5, 0.75,  0.75, 1.25, 1, 0.875,  1.5, 1.25, 0.25, 0.875,
//   0.5, 1.25, 0.75, 0.625,  1.25, 1.25, 0, 0.625,  0.25, 1.25, 1.5, 0.875,
//   1, 1.25, 0.75, 0.875,  0, 1.25, 1.25, 0.625,  0.75, 1.25, 0.5, 0.625]
Texture2D<float> luminance : register(t0);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}

float4 psmain(float4 fragCoord : SV_Position) : SV_Target {
    float l = luminance.Load(int3(fragCoord.xy, 0));
    float lx = QuadReadAcrossX(l);
    float ly = QuadReadAcrossY(l);
    float ld = QuadReadAcrossDiagonal(l);
    float edge = abs(l - lx) + abs(l - ly);
    return float4(l, edge, ld, (l + lx + ly + ld) * 0.25);
}
