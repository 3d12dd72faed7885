// Quad operations in compute: lanes 4k..4k+3 of a wave form a quad (Vulkan: quad index =
// subgroup invocation % 4). QuadReadAcrossX(l) == l ^ 1, QuadReadAcrossY(l) == l ^ 2,
// QuadReadAcrossDiagonal(l) == l ^ 3, QuadReadLaneAt(l, 2) == (l & ~3) | 2; each thread
// writes the 4 checks as bits (0xF when all hold).
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 0xF
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint l = WaveGetLaneIndex();
    uint bits = 0;
    bits |= (QuadReadAcrossX(l) == (l ^ 1)) ? 1u : 0u;
    bits |= (QuadReadAcrossY(l) == (l ^ 2)) ? 2u : 0u;
    bits |= (QuadReadAcrossDiagonal(l) == (l ^ 3)) ? 4u : 0u;
    bits |= (QuadReadLaneAt(l, 2) == ((l & ~3u) | 2u)) ? 8u : 0u;
    dst[gi] = bits;
}
