// WavePrefixSum, WavePrefixProduct and WavePrefixCountBits are exclusive: lane l gets the
// sum/product/count over lanes 0 .. l-1 (lane 0 gets 0, 1, 0). Each thread checks, for any
// wave size, bit 0: WavePrefixSum(1) == l; bit 1: WavePrefixCountBits(true) == l;
// bit 2: WavePrefixProduct(2) == 2^l (mod 2^32); bit 3: WavePrefixSum(l) == l (l - 1) / 2.
// requires subgroup
// peer-bug glslang: WavePrefixSum and WavePrefixProduct use InclusiveScan (lane l sums l + 1 ones); WavePrefixCountBits is right in glslang 12
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 0xF
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint l = WaveGetLaneIndex();
    uint bits = 0;
    bits |= (WavePrefixSum(1u) == l) ? 1u : 0u;
    bits |= (WavePrefixCountBits(true) == l) ? 2u : 0u;
    bits |= (WavePrefixProduct(2u) == (l < 32 ? 1u << l : 0u)) ? 4u : 0u;
    bits |= (WavePrefixSum(l) == l * (l - 1) / 2) ? 8u : 0u;
    dst[gi] = bits;
}
