// Compute quads with a 2-D thread group (D3D SM 6.6: X and Y even): a quad is the 2x2 block
// (2m, 2n) .. (2m+1, 2n+1) of SV_GroupThreadID, lane (x & 1) + 2 (y & 1). Vulkan's quads are
// 4 consecutive invocations, so hlslc lays the thread ids out itself. Each thread of two
// 8x4 groups checks, with t = SV_GroupThreadID.xy:
//   bit 0: QuadReadAcrossX(t) == (x^1, y)     bit 1: QuadReadAcrossY(t) == (x, y^1)
//   bit 2: QuadReadAcrossDiagonal(t) == (x^1, y^1)
//   bit 3: QuadReadLaneAt(t, k) == lane k of its quad, k = (x + y) & 3 (dynamic)
//   bit 4: QuadAny(t == (0,0)) is true exactly in the quad of (0,0), QuadAll(x < 6) exactly
//          outside the quads of column 6..7
//   bit 5: SV_GroupIndex == 8y + x and SV_DispatchThreadID == SV_GroupID * (8,4,1) + t
// and writes the bits at 16 DTid.y + DTid.x (0x3F everywhere: every thread ran once).
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 2 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 0x3F
// peer-bug glslang: Vulkan's quads are consecutive invocations, not 2x2 blocks of the thread group
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(8, 4, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint gi : SV_GroupIndex, uint3 gid : SV_GroupID, uint3 dtid : SV_DispatchThreadID) {
    uint2 t = gtid.xy;
    uint bits = 0;
    bits |= all(QuadReadAcrossX(t) == uint2(t.x ^ 1, t.y)) ? 1u : 0u;
    bits |= all(QuadReadAcrossY(t) == uint2(t.x, t.y ^ 1)) ? 2u : 0u;
    bits |= all(QuadReadAcrossDiagonal(t) == (t ^ 1)) ? 4u : 0u;
    uint k = (t.x + t.y) & 3;
    bits |= all(QuadReadLaneAt(t, k) == uint2((t.x & ~1u) | (k & 1), (t.y & ~1u) | (k >> 1))) ? 8u : 0u;
    bool any_ok = QuadAny(all(t == 0)) == (t.x < 2 && t.y < 2);
    bool all_ok = QuadAll(t.x < 6) == (t.x < 6);
    bits |= (any_ok && all_ok) ? 16u : 0u;
    bool ids_ok = gi == t.y * 8 + t.x && all(dtid == gid * uint3(8, 4, 1) + gtid);
    bits |= ids_ok ? 32u : 0u;
    dst[dtid.y * 16 + dtid.x] = bits;
}
