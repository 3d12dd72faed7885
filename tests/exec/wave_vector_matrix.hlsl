// Wave operations on vectors, matrices and bools, checked for any wave size (n =
// WaveGetLaneCount(), l = WaveGetLaneIndex(), every lane active):
//   bit 0: WaveActiveSum(uint3(l, 2l, 1)) == (n(n-1)/2, n(n-1), n)
//   bit 1: WaveActiveMin(float2(l, -l)) == (0, 1-n); WaveActiveMax(int2(l, -l)) == (n-1, 0)
//   bit 2: WaveActiveBitOr(uint2(1 << (l%32), l & 1)) == (n ≥ 32 ? ~0 : 2^n - 1, 1)
//   bit 3: WavePrefixSum(float3(1, l, 2)) == (l, l(l-1)/2, 2l)
//   bit 4: WaveReadLaneAt(float4(l, l, l, 1), (l + 1) % n) == ((l+1)%n, …, 1) (dynamic lane)
//   bit 5: WaveReadLaneFirst(bool2(l == 0, true)) == (true, true)
//   bit 6: WaveActiveAllEqual(uint3(7, l, 7)) == (true, n == 1, true)
//   bit 7: WaveActiveSum(float2x2(l, 1, 2, 3)) == float2x2(n(n-1)/2, n, 2n, 3n)
//   bit 8: WaveActiveProduct(int2(-1, 1)) == ((-1)^n, 1); WavePrefixProduct(uint2(2, 1))
// and writes the bits (0x1FF everywhere).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer u0 rw uint[128] = 0
// expect u0 = 0x1FF
// peer-bug glslang: no matrix overloads of the wave intrinsics (DXC's take any layout)
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint l = WaveGetLaneIndex();
    uint n = WaveGetLaneCount();
    uint bits = 0;
    bits |= all(WaveActiveSum(uint3(l, 2 * l, 1)) == uint3(n * (n - 1) / 2, n * (n - 1), n)) ? 1u : 0u;
    bool mm = all(WaveActiveMin(float2(l, -(float)l)) == float2(0, 1.0 - n)) && all(WaveActiveMax(int2(l, -(int)l)) == int2(n - 1, 0));
    bits |= mm ? 2u : 0u;
    uint low = n >= 32 ? ~0u : (1u << n) - 1;
    bits |= all(WaveActiveBitOr(uint2(1u << (l % 32), l & 1)) == uint2(low, 1)) ? 4u : 0u;
    bits |= all(WavePrefixSum(float3(1, l, 2)) == float3(l, l * (l - 1) / 2, 2 * l)) ? 8u : 0u;
    uint src = (l + 1) % n;
    bits |= all(WaveReadLaneAt(float4(l, l, l, 1), src) == float4(src, src, src, 1)) ? 16u : 0u;
    bits |= all(WaveReadLaneFirst(bool2(l == 0, true))) ? 32u : 0u;
    bits |= all(WaveActiveAllEqual(uint3(7, l, 7)) == bool3(true, n == 1, true)) ? 64u : 0u;
    float2x2 m = WaveActiveSum(float2x2(l, 1, 2, 3));
    bits |= (m._11 == n * (n - 1) / 2 && m._12 == n && m._21 == 2 * n && m._22 == 3 * n) ? 128u : 0u;
    bool prod = all(WaveActiveProduct(int2(-1, 1)) == int2((n & 1) ? -1 : 1, 1))
        && all(WavePrefixProduct(uint2(2, 1)) == uint2(l < 32 ? 1u << l : 0u, 1));
    bits |= prod ? 256u : 0u;
    dst[id.x] = bits;
}
