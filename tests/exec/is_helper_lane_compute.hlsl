// IsHelperLane() is false outside pixel shaders (there are no helper lanes), and wave
// operations in a compute shader that calls it see every lane: each thread writes
// IsHelperLane() + 2 * (WaveActiveCountBits(!IsHelperLane()) == WaveGetLaneCount()).
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 2
// peer-bug glslang: no IsHelperLane
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint h = IsHelperLane() ? 1u : 0u;
    dst[i] = h + ((WaveActiveCountBits(!IsHelperLane()) == WaveGetLaneCount()) ? 2u : 0u);
}
