// A pixel shader whose input struct carries the vertex shader's `[[vk::builtin("PointSize")]]`
// field (as Khronos' and Sascha Willems' particle shaders share one struct between stages):
// Vulkan has no such fragment input, so the field takes no location and reads 1, the size of
// D3D's and WebGPU's points; the colour after it still arrives at location 0. Every pixel of
// a full-target triangle pair: (size, colour.y, colour.z, 1) = (1, 0.5, 0.25, 1).
// exec: -T ps_6_0 -E psmain draw 6 vs vsmain target rgba32float 2x2
// expect target = [1, 0.5, 0.25, 1,  1, 0.5, 0.25, 1,  1, 0.5, 0.25, 1,  1, 0.5, 0.25, 1]
// peer-bug glslang: gives the PointSize field location 0 (it reads the colour's x) and the
//   colour location 1, which the vertex shader does not write
struct VSOut {
    float4 pos : SV_Position;
    nointerpolation float4 color : COLOR;
};

struct PSIn {
    float4 pos : SV_Position;
    [[vk::builtin("PointSize")]] float size : PSIZE;
    nointerpolation float4 color : COLOR;
};

VSOut vsmain(uint id : SV_VertexID) {
    float2 corners[6] = { float2(-1, -1), float2(1, -1), float2(-1, 1), float2(-1, 1), float2(1, -1), float2(1, 1) };
    VSOut o;
    o.pos = float4(corners[id], 0, 1);
    o.color = float4(0.75, 0.5, 0.25, 1);
    return o;
}

float4 psmain(PSIn input) : SV_Target {
    return float4(input.size, input.color.yz, 1);
}
