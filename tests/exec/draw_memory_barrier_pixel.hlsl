// `DeviceMemoryBarrier()` and `AllMemoryBarrier()` in a pixel shader (DXC accepts both in any
// stage): for SPIR-V, `OpMemoryBarrier` at device scope (`passes::stage_memory_barrier`; naga
// has barriers in compute shaders only, and WGSL has none outside them, E0803). A triangle
// covering the 4x4 target runs one invocation per pixel; each writes u1[4 py + px] = index + 1,
// orders it with the barriers, and reads it back into u2 (2 (index + 1) + 7, after
// `InterlockedAdd(u2[i], 7)` between the barriers): values by hand.
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32float 4x4
// buffer u1 rw uint[16] = 0
// buffer u2 rw uint[16] = 0
// expect target = [0, 0, 0, 1,  1, 0, 0, 1,  2, 0, 0, 1,  3, 0, 0, 1,
//                  0, 1, 0, 1,  1, 1, 0, 1,  2, 1, 0, 1,  3, 1, 0, 1,
//                  0, 2, 0, 1,  1, 2, 0, 1,  2, 2, 0, 1,  3, 2, 0, 1,
//                  0, 3, 0, 1,  1, 3, 0, 1,  2, 3, 0, 1,  3, 3, 0, 1]
// expect u1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
// expect u2 = [9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39]
// xfail hlslc-wgsl: WGSL has no barriers outside compute shaders (E0803)
RWStructuredBuffer<uint> written : register(u1);
RWStructuredBuffer<uint> doubled : register(u2);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 p = id == 0 ? float2(-1, -1) : (id == 1 ? float2(3, -1) : float2(-1, 3));
    return float4(p, 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    uint2 pixel = uint2(pos.xy);
    uint i = pixel.y * 4 + pixel.x;
    written[i] = i + 1;
    DeviceMemoryBarrier();
    InterlockedAdd(doubled[i], 7);
    AllMemoryBarrier();
    doubled[i] += 2 * written[i];
    return float4(pixel, 0, 1);
}
