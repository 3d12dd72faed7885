// An N×1 matrix as a stage input or output is one N-component vector at one location (DXC's
// SPIR-V back end types `float4x1` as a `float4`; DXIL writes it to one register), not one
// location per row. The vertex shader writes `float3 c : COLOR0` and `float t : TEXCOORD0`;
// the pixel shader reads `c` as a `float3x1` (rows 1, 2, 3 at location 0, so `t` stays at
// location 1) and returns a `float4x1` to the target: rows (c._m00, c._m10, c._m20, t) are
// the four channels. The constants 1, 2, 3, 4 are flat, so every pixel of the 2x2 target
// holds (1, 2, 3, 4).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// expect target = [1,2,3,4, 1,2,3,4, 1,2,3,4, 1,2,3,4]
// peer-bug glslang: emits a one-component OpTypeVector for the float4x1 output (invalid SPIR-V)

void vsmain(uint id : SV_VertexID, out float4 pos : SV_Position, out nointerpolation float3 c : COLOR0, out nointerpolation float t : TEXCOORD0) {
    float2 xy = id == 0 ? float2(-1, -1) : (id == 1 ? float2(3, -1) : float2(-1, 3));
    pos = float4(xy, 0.0, 1.0);
    c = float3(1, 2, 3);
    t = 4;
}

float4x1 psmain(float4 pos : SV_Position, nointerpolation float3x1 c : COLOR0, nointerpolation float t : TEXCOORD0) : SV_Target {
    float4x1 r;
    r._m00_m10_m20 = c._m00_m10_m20;
    r._m30 = t;
    return r;
}
