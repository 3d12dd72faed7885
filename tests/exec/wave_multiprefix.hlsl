// WaveMultiPrefix* (SM 6.5): exclusive prefix operations within partitions of the wave, given
// as lane masks. The partitions here are the lanes with equal l % 3 (mask = WaveMatch(l % 3),
// l = WaveGetLaneIndex()); each result is checked against a loop over the lower lanes of the
// same partition (holds for any wave size):
//   bit 0: WaveMultiPrefixSum(l + 1)          bit 1: WaveMultiPrefixProduct(2) = 2^(count)
//   bit 2: WaveMultiPrefixCountBits(l % 2 == 0)
//   bit 3: WaveMultiPrefixBitOr(1 << (l % 32)), bit 4: BitXor(l * 3), bit 5: BitAnd(~(1 << (l % 8)))
//   bit 6: WaveMultiPrefixSum(float2(l, 0.5)) (vectors)
//   bit 7: inside `if (l % 5 != 0)`, with the mask taken there: lanes outside the branch are
//          not counted
// and writes the bits (0xFF everywhere).
// requires subgroup
// exec: -T cs_6_5 -E main dispatch 2 1 1
// buffer u0 rw uint[128] = 0
// expect u0 = 0xFF
// peer-bug glslang: no WaveMultiPrefix* or WaveMatch
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint l = WaveGetLaneIndex();
    uint4 mask = WaveMatch(l % 3);
    uint sum = 0, count = 0, evens = 0, or_bits = 0, xor_bits = 0, and_bits = ~0u;
    float fsum = 0;
    for (uint j = 0; j < l; j++) {
        if (j % 3 != l % 3) continue;
        sum += j + 1;
        count += 1;
        evens += (j % 2 == 0) ? 1 : 0;
        or_bits |= 1u << (j % 32);
        xor_bits ^= j * 3;
        and_bits &= ~(1u << (j % 8));
        fsum += j;
    }
    uint bits = 0;
    bits |= (WaveMultiPrefixSum(l + 1, mask) == sum) ? 1u : 0u;
    bits |= (WaveMultiPrefixProduct(2u, mask) == (count < 32 ? 1u << count : 0u)) ? 2u : 0u;
    bits |= (WaveMultiPrefixCountBits(l % 2 == 0, mask) == evens) ? 4u : 0u;
    bits |= (WaveMultiPrefixBitOr(1u << (l % 32), mask) == or_bits) ? 8u : 0u;
    bits |= (WaveMultiPrefixBitXor(l * 3, mask) == xor_bits) ? 16u : 0u;
    bits |= (WaveMultiPrefixBitAnd(~(1u << (l % 8)), mask) == and_bits) ? 32u : 0u;
    bits |= all(WaveMultiPrefixSum(float2(l, 0.5), mask) == float2(fsum, 0.5 * count)) ? 64u : 0u;
    if (l % 5 != 0) {
        uint4 m = WaveMatch(l % 3);
        uint expect = 0;
        for (uint j = 0; j < l; j++)
            if (j % 3 == l % 3 && j % 5 != 0) expect += 1;
        bits |= (WaveMultiPrefixCountBits(true, m) == expect && WaveMultiPrefixSum(1u, m) == expect) ? 128u : 0u;
    } else {
        bits |= 128u;
    }
    dst[id.x] = bits;
}
