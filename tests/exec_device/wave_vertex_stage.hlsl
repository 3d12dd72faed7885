// Wave operations in a vertex shader (wgpu's SUBGROUP_VERTEX feature), with results that hold
// for any grouping of vertices into waves: WaveReadLaneFirst(42) == 42,
// WaveActiveAllEqual(7) and WaveActiveMax(id) >= id; the vertex shader passes the three
// checks as bits to the pixel shader, which writes them (7) into the pixels of the triangle
// (0,0), (7.9,0), (0,7.9) of an 8x8 target (px + py <= 6).
// requires subgroup subgroup-vertex
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target r32uint 8x8
// expect target = [7, 7, 7, 7, 7, 7, 7, 0,
//                  7, 7, 7, 7, 7, 7, 0, 0,
//                  7, 7, 7, 7, 7, 0, 0, 0,
//                  7, 7, 7, 7, 0, 0, 0, 0,
//                  7, 7, 7, 0, 0, 0, 0, 0,
//                  7, 7, 0, 0, 0, 0, 0, 0,
//                  7, 0, 0, 0, 0, 0, 0, 0,
//                  0, 0, 0, 0, 0, 0, 0, 0]
struct V {
    float4 pos : SV_Position;
    nointerpolation uint bits : BITS;
};

V vsmain(uint id : SV_VertexID) {
    float2 p = id == 0 ? float2(0, 0) : (id == 1 ? float2(7.9, 0) : float2(0, 7.9));
    V v;
    v.pos = float4(p.x / 4.0 - 1.0, 1.0 - p.y / 4.0, 0.0, 1.0);
    uint bits = 0;
    bits |= WaveReadLaneFirst(42u) == 42 ? 1u : 0u;
    bits |= WaveActiveAllEqual(7u) ? 2u : 0u;
    bits |= WaveActiveMax(id) >= id ? 4u : 0u;
    v.bits = bits;
    return v;
}

uint psmain(V v) : SV_Target {
    return v.bits;
}
