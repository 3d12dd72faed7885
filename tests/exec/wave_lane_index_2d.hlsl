// WaveGetLaneIndex() in a compute shader with a 2-D thread group (naga offers no
// subgroup_invocation_id there; hlslc counts the lanes below at entry). Each thread checks
//   bit 0: the lane index is below WaveGetLaneCount()
//   bit 1: it is unique in its wave: WaveMatch(lane) has one bit, its own
//   bit 2: WaveReadLaneAt(lane, lane) == lane and WavePrefixCountBits(true) == lane
// and writes the bits at SV_GroupIndex (7 everywhere).
// requires subgroup
// exec: -T cs_6_5 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 7
// peer-bug glslang: no WaveMatch
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(8, 8, 1)]
void main(uint gi : SV_GroupIndex) {
    uint l = WaveGetLaneIndex();
    uint n = WaveGetLaneCount();
    uint4 m = WaveMatch(l);
    uint4 own = 0;
    own[l / 32] = 1u << (l % 32);
    uint bits = 0;
    bits |= (l < n) ? 1u : 0u;
    bits |= all(m == own) ? 2u : 0u;
    bits |= (WaveReadLaneAt(l, l) == l && WavePrefixCountBits(true) == l) ? 4u : 0u;
    dst[gi] = bits;
}
