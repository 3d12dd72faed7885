// Wave operations on 16-bit types (-enable-16bit-types), for any wave size (n lanes, lane l):
//   bit 0: WaveActiveSum(half(1)) == n; WaveActiveMax(half(l)) == n - 1
//   bit 1: WaveActiveMin(int16_t(-l)) == 1 - n; WavePrefixSum(uint16_t(1)) == l
//   bit 2: WaveActiveBitXor(uint16_t(0x8001)) == (n odd ? 0x8001 : 0) and
//          WaveActiveBitOr(uint16_t2(1 << (l % 16), 0xFFFF)) (16-bit bitwise operations are done
//          in 32 bits; exact)
//   bit 3: WaveReadLaneAt(half2(l, 0.5), 0) == (0, 0.5); WaveActiveAllEqual(uint16_t(3))
// and writes the bits (0xF everywhere).
// requires subgroup f16 i16
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 0xF
// peer-bug glslang: does not accept uint16_t / int16_t
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint l = WaveGetLaneIndex();
    uint n = WaveGetLaneCount();
    uint bits = 0;
    bits |= (WaveActiveSum((half)1) == (half)n && WaveActiveMax((half)l) == (half)(n - 1)) ? 1u : 0u;
    bits |= (WaveActiveMin((int16_t)(-(int)l)) == (int16_t)(1 - (int)n) && WavePrefixSum((uint16_t)1) == (uint16_t)l) ? 2u : 0u;
    uint16_t x = WaveActiveBitXor((uint16_t)0x8001);
    uint16_t2 o = WaveActiveBitOr(uint16_t2((uint16_t)(1u << (l % 16)), (uint16_t)0xFFFF));
    uint expect_or = n >= 16 ? 0xFFFF : (1u << n) - 1;
    bits |= (x == ((n & 1) ? 0x8001 : 0) && o.x == expect_or && o.y == 0xFFFF) ? 4u : 0u;
    bits |= (all(WaveReadLaneAt(half2(l, 0.5), 0) == half2(0, 0.5)) && WaveActiveAllEqual((uint16_t)3)) ? 8u : 0u;
    dst[id.x] = bits;
}
