// `-fvk-support-nonzero-base-vertex` and `-fvk-support-nonzero-base-instance`: D3D's
// `SV_VertexID` and `SV_InstanceID` start at 0 in every draw, Vulkan's vertex and instance
// indices at the draw's first vertex and instance; with the flags DXC subtracts SPIR-V's
// `BaseVertex`/`BaseInstance`. The draw starts at vertex 5 and instance 7. The vertex shader
// places a full-screen triangle from ids 0, 1, 2 (ids 5, 6, 7 would give a degenerate
// triangle and leave the -1 clear colour) and passes both ids flat; the pixel shader returns
// them: (0, 0) from the provoking vertex, id 0, everywhere.
// exec: -T ps_6_0 -E psmain -fvk-support-nonzero-base-vertex -fvk-support-nonzero-base-instance draw 3 vs vsmain target rgba32float 2x2 clear -1 -1 -1 -1 first-vertex 5 first-instance 7
// expect target = [0,0,1,1, 0,0,1,1, 0,0,1,1, 0,0,1,1]
// xfail hlslc-wgsl: WGSL has no draw parameters (E0803); its indices also start at the first vertex and instance
// peer-bug glslang: no equivalent of DXC's -fvk-support-nonzero-base-vertex/-instance
struct V {
    float4 pos : SV_Position;
    nointerpolation uint2 ids : IDS;
};

V vsmain(uint id : SV_VertexID, uint instance : SV_InstanceID) {
    V v;
    float2 xy = id == 0 ? float2(-1, -1) : (id == 1 ? float2(3, -1) : float2(-1, 3));
    v.pos = float4(xy, 0.0, 1.0);
    v.ids = uint2(id, instance);
    return v;
}

float4 psmain(V v) : SV_Target {
    return float4(v.ids, 1, 1);
}
