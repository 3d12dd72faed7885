// A draw: the vertex shader makes a full-screen triangle from SV_VertexID
// ((-1,-1), (3,-1), (-1,3)); the pixel shader writes SV_Position.xy (pixel centres,
// x + 0.5, y + 0.5 from the top-left) as x + 100 y into an r32uint 4x4 target.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target r32uint 4x4
// expect target = [  0,   1,   2,   3,
//                  100, 101, 102, 103,
//                  200, 201, 202, 203,
//                  300, 301, 302, 303]
float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = float2((id << 1) & 2, id & 2);        // (0,0), (2,0), (0,2)
    return float4(p * 2.0 - 1.0, 0.0, 1.0);
}

uint psmain(float4 pos : SV_Position) : SV_Target {
    uint2 xy = (uint2)pos.xy;
    return xy.x + 100 * xy.y;
}
