// `discard` inside a called function (with an `out` parameter) demotes the lane: the caller
// keeps running in it, so derivatives after the call still read it, while its atomic and its
// pixel are dropped. Triangle (0,0), (7.9,0), (0,7.9) in pixels of an 8x8 target: the pixels
// with px + py <= 6 are covered (28). `kill_odd` discards the lower-right pixel of every quad
// (odd px and py: 6 covered ones) after setting its `out` parameter to 2 x. Every other
// covered pixel counts itself with InterlockedAdd (22 in all) and writes
//   r = ddx_fine(x*x) = 4k + 2 (quad column k), g = ddy_fine(y*y) = 4m + 2 (quad row m),
//   b = the `out` value 2 px + 1
// with x = px + 0.5, y = py + 0.5; discarded and uncovered pixels keep the clear value 0.
// (glslang's `OpKill` passes too on lavapipe, whose killed lanes still feed derivatives.)
// requires subgroup
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 8x8
// buffer u1 rw uint[1] = 0
// expect target = [2, 2, 1, 0,  2, 2, 3, 0,  6, 2, 5, 0,  6, 2, 7, 0,  10, 2, 9, 0,  10, 2, 11, 0,  14, 2, 13, 0,  0, 0, 0, 0,
//                  2, 2, 1, 0,  0, 0, 0, 0,  6, 2, 5, 0,  0, 0, 0, 0,  10, 2, 9, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 6, 1, 0,  2, 6, 3, 0,  6, 6, 5, 0,  6, 6, 7, 0,  10, 6, 9, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 6, 1, 0,  0, 0, 0, 0,  6, 6, 5, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 10, 1, 0,  2, 10, 3, 0,  6, 10, 5, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 10, 1, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  2, 14, 1, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
//                  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0]
// expect u1 = [22]
RWStructuredBuffer<uint> count : register(u1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(7.9, 0) : float2(0, 7.9));
    return float4(p.x / 4.0 - 1.0, 1.0 - p.y / 4.0, 0.0, 1.0);
}

void kill_odd(float2 pos, out float twice) {
    twice = 2.0 * pos.x;
    uint2 p = (uint2)pos;
    if ((p.x & 1) == 1 && (p.y & 1) == 1)
        discard;
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    float twice;
    kill_odd(pos.xy, twice);
    uint before;
    InterlockedAdd(count[0], 1, before);
    return float4(ddx_fine(pos.x * pos.x), ddy_fine(pos.y * pos.y), twice, 0.0);
}
