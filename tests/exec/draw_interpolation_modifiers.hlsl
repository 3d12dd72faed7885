// Interpolation modifiers on one attribute value per vertex, a = (10, 20, 40), drawn with
// clip w = (1, 2, 4): a full-screen triangle with NDC (-1,-1), (3,-1), (-1,3) (clip = NDC * w)
// over a 2x2 target. At pixel centre (px + .5, py + .5): NDC x = px - .5, y = .5 - py;
// screen barycentrics b1 = (x + 1) / 4, b2 = (y + 1) / 4, b0 = 1 - b1 - b2.
// default (linear) and `centroid` (no MSAA: the centre) are perspective-correct:
// sum(b_i a_i / w_i) / sum(b_i / w_i); `noperspective`: sum(b_i a_i); `nointerpolation`:
// the provoking (first) vertex's value, 10. Python (float64):
// (0,0): 15.238095, 22.5; (1,0): 18.823529, 25; (0,1): 11.851852, 15; (1,1): 13.913043, 17.5.
// The four attributes are fields of one struct shared by both stages (DXC assigns locations
// in declaration order, not by semantic, so both stages must declare them alike).
// Tolerance rel 1e-4 (interpolation precision is the driver's; Vulkan sets no bound).
// Pixel (0, 0)'s noperspective value is `_`: lavapipe (Mesa 22.3.6) returns NaN for
// noperspective inputs in the upper-left part of a triangle whose vertices' w differ (here
// pixel (0, 0); on a 4x4 target the six pixels nearest the (-1, 3) vertex, w = 4), from
// glslang's and hlslc's SPIR-V and hlslc's WGSL alike, and the right values elsewhere and
// everywhere when w is 1 for all vertices.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// expect target ~ rel 1e-4 = [15.238095, _, 10, 15.238095,  18.823529, 25, 10, 18.823529,
//   11.851852, 15, 10, 11.851852,  13.913043, 17.5, 10, 13.913043]
struct VsOut {
    float4 pos : SV_Position;
    nointerpolation float held : FLAT;
    noperspective float screen : SCREEN;
    float persp : PERSP;
    centroid float cent : CENT;
};

VsOut vsmain(uint id : SV_VertexID) {
    static const float2 ndc[3] = { float2(-1, -1), float2(3, -1), float2(-1, 3) };
    static const float ws[3] = { 1, 2, 4 };
    const float a = 10 * (float)(1u << id);
    VsOut o;
    o.pos = float4(ndc[id] * ws[id], 0, ws[id]);
    o.held = a;
    o.screen = a;
    o.persp = a;
    o.cent = a;
    return o;
}

float4 psmain(VsOut i) : SV_Target {
    return float4(i.persp, i.screen, i.held, i.cent);
}
