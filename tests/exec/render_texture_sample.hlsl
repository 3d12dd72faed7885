// Sample (implicit LOD) in a pixel shader: a 4x4 target sampling a 4x4 r32float texture
// (values 0..15) with uv = SV_Position.xy / 4 → every pixel reads its own texel (LOD 0,
// since uv changes by one texel per pixel); the pixel shader also counts its invocations
// with InterlockedAdd into a RWStructuredBuffer (fragment-stage UAV): 16.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target r32float 4x4
// texture t0 sampled 2d r32float 4x4 = iota
// sampler s1 point clamp
// buffer u2 rw uint[1] = 0
// expect target = iota
// expect u2 = [16]
Texture2D<float> tex : register(t0);
SamplerState point_clamp : register(s1);
RWStructuredBuffer<uint> counter : register(u2);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float psmain(float4 pos : SV_Position) : SV_Target {
    InterlockedAdd(counter[0], 1);
    return tex.Sample(point_clamp, pos.xy / 4.0);
}
