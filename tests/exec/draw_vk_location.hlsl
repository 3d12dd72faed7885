// `[[vk::location(N)]]` matches vertex outputs with pixel inputs by location, not by
// declaration order: the vertex shader declares A (location 2) before B (location 0), the
// pixel shader B before A, and flat constants pass through: every pixel of a full-target
// triangle pair gets (A, B) = (3, 5) → (3, 5, 0, 1). Without the locations the pixel shader
// would read them swapped.
// exec: -T ps_6_0 -E psmain draw 6 vs vsmain target rgba32float 2x2
// expect target = [3, 5, 0, 1,  3, 5, 0, 1,  3, 5, 0, 1,  3, 5, 0, 1]
struct VSOut {
    float4 pos : SV_Position;
    [[vk::location(2)]] nointerpolation float a : A;
    [[vk::location(0)]] nointerpolation float b : B;
};

VSOut vsmain(uint id : SV_VertexID) {
    // Two triangles covering the target.
    float2 corners[6] = { float2(-1, -1), float2(1, -1), float2(-1, 1), float2(-1, 1), float2(1, -1), float2(1, 1) };
    VSOut o;
    o.pos = float4(corners[id], 0, 1);
    o.a = 3;
    o.b = 5;
    return o;
}

float4 psmain([[vk::location(0)]] nointerpolation float b : B, [[vk::location(2)]] nointerpolation float a : A) : SV_Target {
    return float4(a, b, 0, 1);
}
