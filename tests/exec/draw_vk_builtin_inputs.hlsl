// `[[vk::builtin]]` stage inputs naga has no built-in for, through stand-ins
// (`passes::builtin_stand_in`): the vertex shader reads `BaseVertex` and `DrawIndex` (0 for
// a plain draw of vertices 0..3), the pixel shader `HelperInvocation` (false in every pixel
// that writes). One triangle (-1,-1), (3,-1), (-1,3) covers the whole 2x2 target, so every
// pixel is (BaseVertex + 1, DrawIndex + 2, HelperInvocation ? 5 : 3, 1) = (1, 2, 3, 1).
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 2x2
// expect target = [1, 2, 3, 1,  1, 2, 3, 1,  1, 2, 3, 1,  1, 2, 3, 1]
// xfail hlslc-wgsl: `[[vk::builtin]]` is SPIR-V only (E0803: WGSL has none of these built-ins)
// peer-bug glslang: ignores `[[vk::builtin("HelperInvocation")]]` and declares a `bool` user input, which spirv-val rejects (VUID-StandaloneSpirv-Input-07290)
struct VOut {
    float4 pos : SV_Position;
    float4 c : COLOR;
};

VOut vsmain(uint id : SV_VertexID, [[vk::builtin("BaseVertex")]] int base : BV, [[vk::builtin("DrawIndex")]] uint draw : DI) {
    float2 p = float2((id << 1) & 2, id & 2);
    VOut o;
    o.pos = float4(p * 2 - 1, 0, 1);
    o.c = float4(base + 1, draw + 2, 0, 0);
    return o;
}

float4 psmain(VOut i, [[vk::builtin("HelperInvocation")]] bool hi : HI) : SV_Target {
    return float4(i.c.x, i.c.y, hi ? 5 : 3, 1);
}
