// A sphere impostor, as particle and molecule renderers draw them: a screen-aligned quad
// (two triangles from SV_VertexID) over the 4x4 target, a pixel shader that ray-casts a
// sphere of radius 1.6 pixels (cbuffer) centred at pixel coordinate (2, 2), `discard`s the
// pixels whose centre misses it (d^2 = (x - 2)^2 + (y - 2)^2 >= r^2: the four corners,
// d^2 = 4.5) and writes SV_Depth = 0.5 - 0.25 nz beside the colour (nz, d^2, depth, 1),
// nz = sqrt(r^2 - d^2) / r: 0.8970437 in the inner four pixels (d^2 = 0.5, depth
// 0.2757391), 0.1530931 in the eight edge pixels (d^2 = 2.5, depth 0.4617267). The draw has
// a depth32float attachment cleared to 0.4 with the test `less`, so only fragments whose
// written depth is below 0.4 land: the inner four (the depth the vertex shader gives, 0,
// would pass everywhere, so the edge pixels prove SV_Depth replaced it). Discarded and
// depth-failed pixels keep the clear colour -1. Tolerance abs 1e-5 (sqrt, division).
// exec: -T ps_6_0 -E psmain draw 6 vs vsmain target rgba32float 4x4 clear -1 -1 -1 -1 depth 0.4 less
// cbuffer b0 = f32 [2, 2, 1.6, 0]
// expect target ~ abs 1e-5 = [-1, -1, -1, -1,  -1, -1, -1, -1,  -1, -1, -1, -1,
//   -1, -1, -1, -1,  -1, -1, -1, -1,  0.8970438, 0.5, 0.2757391, 1,
//   0.8970438, 0.5, 0.2757391, 1,  -1, -1, -1, -1,  -1, -1, -1, -1,
//   0.8970438, 0.5, 0.2757391, 1,  0.8970438, 0.5, 0.2757391, 1,  -1, -1, -1, -1,
//   -1, -1, -1, -1,  -1, -1, -1, -1,  -1, -1, -1, -1,  -1, -1, -1, -1]
cbuffer Impostor : register(b0) {
    float2 centre;
    float radius;
    float impostorPad;
};

struct Varyings {
    float4 position : SV_Position;
    float2 pixel : TEXCOORD0;
};

Varyings vsmain(uint vid : SV_VertexID) {
    static const float2 corners[6] = {
        float2(0, 0), float2(4, 0), float2(0, 4), float2(0, 4), float2(4, 0), float2(4, 4)
    };
    float2 p = corners[vid];
    Varyings o;
    o.position = float4(p.x / 2 - 1, 1 - p.y / 2, 0, 1);
    o.pixel = p;
    return o;
}

struct ImpostorOut {
    float4 color : SV_Target;
    float depth : SV_Depth;
};

ImpostorOut psmain(Varyings i) {
    float2 d = i.pixel - centre;
    float d2 = dot(d, d);
    float r2 = radius * radius;
    if (d2 >= r2)
        discard;
    float nz = sqrt(r2 - d2) / radius;
    ImpostorOut o;
    o.depth = 0.5 - 0.25 * nz;
    o.color = float4(nz, d2, o.depth, 1);
    return o;
}
