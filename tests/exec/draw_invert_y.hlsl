// `-fvk-invert-y` negates the y of the vertex shader's `SV_Position`. The vertex shader
// draws two triangles covering clip-space x in [-1, 1], y in [0, 1]: in D3D's (and
// WebGPU's) convention the top half of the 1x2 target, row 0. With the flag the rectangle
// lands on y in [-1, 0], the bottom half: row 1 gets the pixel shader's (1, 2, 3, 4) and
// row 0 keeps the clear value 0.
// exec: -T ps_6_0 -E psmain -fvk-invert-y draw 6 vs vsmain target rgba32uint 1x2
// expect target = [0,0,0,0, 1,2,3,4]
static const float2 corners[6] = { float2(-1, 0), float2(1, 0), float2(-1, 1), float2(1, 0), float2(1, 1), float2(-1, 1) };

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    return float4(corners[id], 0.0, 1.0);
}

uint4 psmain(float4 pos : SV_Position) : SV_Target {
    return uint4(1, 2, 3, 4);
}
