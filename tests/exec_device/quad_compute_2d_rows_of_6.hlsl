// 2-D compute quads in a thread group of 6x2x2 (X / 2 = 3 quads per row, two z slices): each
// thread checks QuadReadAcrossX/Y/Diagonal of its SV_GroupThreadID (bits 0-2) and that
// SV_GroupIndex is 12 z + 6 y + x (bit 3), and writes the bits at SV_GroupIndex (0xF
// everywhere). Needs a driver that fills subgroups from consecutive invocations.
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[24] = 0
// expect u0 = 0xF
// peer-bug glslang: Vulkan's quads are consecutive invocations, not 2x2 blocks of the thread group
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(6, 2, 2)]
void main(uint3 t : SV_GroupThreadID, uint gi : SV_GroupIndex) {
    uint bits = 0;
    bits |= all(QuadReadAcrossX(t) == uint3(t.x ^ 1, t.y, t.z)) ? 1u : 0u;
    bits |= all(QuadReadAcrossY(t) == uint3(t.x, t.y ^ 1, t.z)) ? 2u : 0u;
    bits |= all(QuadReadAcrossDiagonal(t) == uint3(t.x ^ 1, t.y ^ 1, t.z)) ? 4u : 0u;
    bits |= (gi == t.z * 12 + t.y * 6 + t.x) ? 8u : 0u;
    dst[gi] = bits;
}
