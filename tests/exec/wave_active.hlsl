// Wave intrinsics in compute, written to hold for any wave size (8 on lavapipe, 32 or 64
// on GPUs): each thread checks, with n = WaveGetLaneCount() and l = WaveGetLaneIndex(),
//   bit 0: WaveActiveSum(1) == n          bit 1: WaveActiveCountBits(true) == n
//   bit 2: WaveActiveMax(l) == n - 1      bit 3: WaveReadLaneFirst(l) == 0
//   bit 4: WaveIsFirstLane() == (l == 0)  bit 5: WaveActiveAllTrue(true)
//   bit 6: WaveActiveAnyTrue(l == n - 1)  bit 7: WaveReadLaneAt(l, n - 1) == n - 1
//   bit 8: WaveActiveBallot(true) has n bits set   bit 9: n is 4..128
// and writes the bits (0x3FF when all hold).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer u0 rw uint[128] = 0
// expect u0 = 0x3FF
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint n = WaveGetLaneCount();
    uint l = WaveGetLaneIndex();
    uint bits = 0;
    bits |= (WaveActiveSum(1u) == n) ? 1u : 0u;
    bits |= (WaveActiveCountBits(true) == n) ? 2u : 0u;
    bits |= (WaveActiveMax(l) == n - 1) ? 4u : 0u;
    bits |= (WaveReadLaneFirst(l) == 0) ? 8u : 0u;
    bits |= (WaveIsFirstLane() == (l == 0)) ? 16u : 0u;
    bits |= WaveActiveAllTrue(true) ? 32u : 0u;
    bits |= WaveActiveAnyTrue(l == n - 1) ? 64u : 0u;
    bits |= (WaveReadLaneAt(l, n - 1) == n - 1) ? 128u : 0u;
    uint4 ballot = WaveActiveBallot(true);
    uint set = countbits(ballot.x) + countbits(ballot.y) + countbits(ballot.z) + countbits(ballot.w);
    bits |= (set == n) ? 256u : 0u;
    bits |= (n >= 4 && n <= 128) ? 512u : 0u;
    dst[id.x] = bits;
}
