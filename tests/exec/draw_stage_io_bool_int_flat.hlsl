// Stage I/O of types Vulkan interfaces cannot carry or must not interpolate, as DXC handles
// them: `bool` and `bool2` varyings travel as 32-bit unsigned integers (DXC converts them,
// decorated Flat) and read back as bools; integer varyings written without `nointerpolation`
// are flat anyway (DXC adds Flat to integer pixel inputs; WGSL requires it), so they take the
// provoking (first) vertex's value; a `min16float` and a `half` (32-bit without
// -enable-16bit-types) varying interpolate like floats.
// The vertex shader writes, for vertex id of a full-screen triangle (NDC (-1,-1), (3,-1),
// (-1,3), w = 1): flag = id == 0, pair = (id != 0, id == 0), n = 5 - 2 * id (int),
// u = 7 + id (uint), m = h = 4 * id. Over a 2x2 target the screen barycentrics at pixel
// centre (x, y) are b1 = (ndc.x + 1) / 4, b2 = (ndc.y + 1) / 4 with ndc = (x - .5, .5 - y),
// so m = h = 4 (b1 + 2 b2): (0,0) 4 (.125 + .75) = 3.5; (1,0) 4 (.375 + .75) = 4.5;
// (0,1) 4 (.125 + .25) = 1.5; (1,1) 4 (.375 + .25) = 2.5.
// Each pixel returns (flag + 2 pair.x + 4 pair.y + 8 * (n == 5) + 16 * (u == 7), m, h, 0)
// with flat values from vertex 0: 1 + 0 + 4 + 8 + 16 = 29.
// Tolerance: abs 1e-5 on the interpolated m, h (the driver's interpolation arithmetic).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// expect target ~ abs 1e-5 = [29, 3.5, 3.5, 0,  29, 4.5, 4.5, 0,  29, 1.5, 1.5, 0,
//   29, 2.5, 2.5, 0]
// peer-bug glslang: bool varyings stay OpTypeBool Output/Input variables, which spirv-val
//   rejects (VUID-StandaloneSpirv-Input-07290: only built-ins may be bool)
struct Io {
    float4 pos : SV_Position;
    nointerpolation bool flag : FLAG;
    nointerpolation bool2 pair : PAIR;
    int n : COUNT;
    uint u : INDEX;
    min16float m : MIN16;
    half h : HALF;
};

Io vsmain(uint id : SV_VertexID) {
    Io o;
    const float2 ndc = id == 0 ? float2(-1, -1) : (id == 1 ? float2(3, -1) : float2(-1, 3));
    o.pos = float4(ndc, 0, 1);
    o.flag = id == 0;
    o.pair = bool2(id != 0, id == 0);
    o.n = 5 - 2 * (int)id;
    o.u = 7 + id;
    o.m = (min16float)(4 * id);
    o.h = (half)(4 * id);
    return o;
}

float4 psmain(Io i) : SV_Target {
    uint bits = (i.flag ? 1 : 0) + (i.pair.x ? 2 : 0) + (i.pair.y ? 4 : 0);
    bits += (i.n == 5 ? 8 : 0) + (i.u == 7 ? 16 : 0);
    return float4(bits, i.m, i.h, 0);
}
