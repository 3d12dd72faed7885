// An array of structs as a stage output and input without a semantic of its own: each
// field's semantic covers the elements with consecutive indices, field by field (DXC makes
// each field an array): `Pair p[2]` with `uint a : VA0; uint b : VB0;` is VA0, VA1, VB0, VB1.
// The vertex shader writes the constants 10 + i, 20 + i for element i; one full-screen
// triangle covers the 2x2 target, and every pixel returns (p[0].a, p[0].b, p[1].a, p[1].b).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32uint 2x2
// expect target = [10,20,11,21, 10,20,11,21, 10,20,11,21, 10,20,11,21]
struct Pair {
    nointerpolation uint a : VA0;
    nointerpolation uint b : VB0;
};

void vsmain(uint id : SV_VertexID, out float4 pos : SV_Position, out Pair p[2]) {
    float2 xy = id == 0 ? float2(-1, -1) : (id == 1 ? float2(3, -1) : float2(-1, 3));
    pos = float4(xy, 0.0, 1.0);
    for (uint i = 0; i < 2; i++) {
        p[i].a = 10 + i;
        p[i].b = 20 + i;
    }
}

uint4 psmain(float4 pos : SV_Position, Pair p[2]) : SV_Target {
    return uint4(p[0].a, p[0].b, p[1].a, p[1].b);
}
