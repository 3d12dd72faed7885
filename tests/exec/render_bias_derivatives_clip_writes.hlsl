// A pixel shader mixing implicit-LOD sampling with SampleBias, derivatives of computed values,
// then `clip` followed by a UAV write: only surviving pixels count. A 2x2 target (one quad)
// reads a 4x4 r16float texture with 3 mips (mip 0 texel (x, y) = 4y + x, mip 1 = [10, 11, 12,
// 13], mip 2 = 20) at uv = SV_Position.xy / 4: uv moves 1/4 per pixel = 1 texel → LOD 0;
// bias 1 → LOD 1, mip 1 texel floor(uv * 2) = (0, 0) → 10; bias 2 → mip 2 → 20 (mip filter
// point: level = ceil(lod + 0.5) - 1, exact at integer LODs).
// v = x * x with x = SV_Position.x ∈ {0.5, 1.5}: ddx(v) = 2.25 - 0.25 = 2 (fine or coarse:
// one quad); fwidth(3y + x) = |1| + |3| = 4; fourth channel ddx(v) + 10 * fwidth = 42.
// clip(1 - x * y) then discards pixel (1, 1) (1.5 * 1.5 > 1), which keeps the clear colour
// (7, 7, 7, 7); the InterlockedAdd after the clip runs for the 3 others.
// Pixels (0,0): (0, 10, 20, 42); (1,0): (1, 10, 20, 42); (0,1): (4, 10, 20, 42).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2 clear 7 7 7 7
// texture t0 sampled 2d r16float 4x4 mips 3 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
//   14, 15,  10, 11, 12, 13,  20]
// sampler s1 point mip point clamp
// buffer u2 rw uint[1] = 0
// expect target = [0, 10, 20, 42,  1, 10, 20, 42,  4, 10, 20, 42,  7, 7, 7, 7]
// expect u2 = [3]
Texture2D<float> tex : register(t0);
SamplerState smp : register(s1);
RWStructuredBuffer<uint> survivors : register(u2);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    const float2 uv = pos.xy / 4;
    float4 r;
    r.x = tex.Sample(smp, uv);
    r.y = tex.SampleBias(smp, uv, 1.0);
    r.z = tex.SampleBias(smp, uv, 2);
    const float v = pos.x * pos.x;
    r.w = ddx(v) + 10 * fwidth(3 * pos.y + pos.x);
    clip(1 - pos.x * pos.y);
    InterlockedAdd(survivors[0], 1);
    return r;
}
