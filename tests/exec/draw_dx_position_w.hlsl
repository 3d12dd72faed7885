// `-fvk-use-dx-position-w`: a pixel shader's `SV_Position.w` is D3D's, the clip-space w of
// the vertex (Vulkan's and WebGPU's fragment position holds its reciprocal). The vertex
// shader writes a full-screen triangle with w = 2 at every vertex (x, y scaled by 2 so it
// still covers the 2x2 target); the pixel shader returns w, which is 2 with the flag (0.5
// without). Both are exact: 1/2 interpolated between equal values, and its reciprocal.
// exec: -T ps_6_0 -E psmain -fvk-use-dx-position-w draw 3 vs vsmain target rgba32float 2x2
// expect target = [2,0,0,1, 2,0,0,1, 2,0,0,1, 2,0,0,1]
// peer-bug glslang: no equivalent of DXC's -fvk-use-dx-position-w (glslang gives 1/w)
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 xy = id == 0 ? float2(-1, -1) : (id == 1 ? float2(3, -1) : float2(-1, 3));
    return float4(xy * 2, 0.0, 2.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    return float4(pos.w, 0, 0, 1);
}
