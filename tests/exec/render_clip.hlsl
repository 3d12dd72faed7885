// clip(x) discards the pixel when any component of x is negative. Target r32float 4x4,
// cleared to -1; the pixel shader writes 1 except where clip fires: columns 0-1
// (clip(pos.x - 2): x = 0.5, 1.5 < 2) and row 0 (clip(float2(1, pos.y - 1)): y = 0.5 < 1).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target r32float 4x4 clear -1 0 0 0
// expect target = [-1, -1, -1, -1,
//                  -1, -1,  1,  1,
//                  -1, -1,  1,  1,
//                  -1, -1,  1,  1]
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

float psmain(float4 pos : SV_Position) : SV_Target {
    clip(pos.x - 2.0);
    clip(float2(1.0, pos.y - 1.0));
    return 1.0;
}
