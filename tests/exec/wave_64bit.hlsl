// Wave operations on 64-bit types, for any wave size (n lanes, lane l):
//   bit 0: WaveActiveSum(uint64_t(1) << 40) == n << 40
//   bit 1: WaveActiveMin(int64_t(-l) << 33) == (1 - n) << 33
//   bit 2: WaveActiveBitAnd(~(uint64_t(1) << (32 + l % 32))) clears bits 32 .. 32 + min(n,32) - 1
//   bit 3: WaveReadLaneAt(double(l) + 0.25, n - 1) == n - 0.75; WavePrefixSum(double(1)) == l
// and writes the bits (0xF everywhere).
// requires subgroup int64 f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 0xF
// peer-bug glslang: does not accept int64_t
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint l = WaveGetLaneIndex();
    uint n = WaveGetLaneCount();
    uint bits = 0;
    bits |= (WaveActiveSum((uint64_t)1 << 40) == ((uint64_t)n << 40)) ? 1u : 0u;
    bits |= (WaveActiveMin(-(int64_t)l << 33) == ((int64_t)(1 - (int)n) << 33)) ? 2u : 0u;
    uint64_t cleared = 0;
    for (uint j = 0; j < min(n, 32u); j++)
        cleared |= (uint64_t)1 << (32 + j);
    bits |= (WaveActiveBitAnd(~((uint64_t)1 << (32 + l % 32))) == ~cleared) ? 4u : 0u;
    bits |= (WaveReadLaneAt((double)l + 0.25, n - 1) == (double)n - 0.75 && WavePrefixSum((double)1) == (double)l) ? 8u : 0u;
    dst[id.x] = bits;
}
