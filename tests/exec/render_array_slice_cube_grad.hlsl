// A pixel shader sampling a Texture2DArray with implicit LOD and a layer computed from
// SV_Position (rounded to nearest: y + 0.6 → 1.1 → 1 on row 0, 2.1 → 2 on row 1), the same
// array with an offset (clamp addressing brings texel 2 back to 1), a TextureCube through
// SampleGrad with float3 gradients picking a face per pixel, and fwidth of a sampled value.
// arr: r32float 2x2x3, texel = 4 layer + 2y + x; uv = SV_Position.xy / 2 → pixel (x, y) reads
// texel (x, y) at LOD 0. cube: r32float 2x2 faces, texel = 4 face + 2y + x; directions
// (.5, 1, .5) → +Y (1, 1) = 11; (.5, -1, .5) → -Y (1, 0) = 13; (.5, .5, 1) → +Z (1, 0) = 17;
// (.5, .5, -1) → -Z (0, 0) = 20 (texture_cube_face_selection's table), one mip.
// fwidth(a) over the quad a = [4, 5; 10, 11]: |ddx| + |ddy| = 1 + 6 = 7 everywhere.
// Pixels (x, y) → (a, offset sample at layer 0, cube, 7):
// (0,0) (4, 1, 11, 7); (1,0) (5, 1, 13, 7); (0,1) (10, 3, 17, 7); (1,1) (11, 3, 20, 7).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// texture t0 sampled 2darray r32float 2x2x3 = iota
// texture t1 sampled cube r32float 2x2x6 = iota
// sampler s2 point clamp
// expect target = [4, 1, 11, 7,  5, 1, 13, 7,  10, 3, 17, 7,  11, 3, 20, 7]
Texture2DArray<float> arr : register(t0);
TextureCube<float> cube : register(t1);
SamplerState smp : register(s2);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    const float2 uv = pos.xy / 2;
    const float a = arr.Sample(smp, float3(uv, pos.y + 0.6));
    const float b = arr.Sample(smp, float3(uv, 0), int2(1, 0));
    const uint i = (uint)pos.x + 2 * (uint)pos.y;
    const float3 dirs[4] = { float3(.5, 1, .5), float3(.5, -1, .5), float3(.5, .5, 1), float3(.5, .5, -1) };
    const float c = cube.SampleGrad(smp, dirs[i], float3(0.01, 0, 0), float3(0, 0.01, 0));
    return float4(a, b, c, fwidth(a));
}
