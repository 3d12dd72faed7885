// Compute quads with a 1-D thread group (D3D SM 6.6: X a multiple of 4): four consecutive
// SV_GroupIndex values form a quad, lane = index % 4. Each thread checks
//   bit 0: QuadReadLaneAt(i, k) == (i & ~3) | k for the dynamic lane k = (i * 7) & 3
//   bit 1: QuadAny(i % 8 == 5) is true in the quads 4..7, 12..15, …
//   bit 2: QuadAll(i % 8 < 4) is true in the quads 0..3, 8..11, …
//   bit 3: QuadReadAcrossX(float2(i, -i)) == float2(i ^ 1, -(i ^ 1)) (vectors, floats)
//   bit 4: QuadReadAcrossDiagonal(int3(i, -i, 7)) == int3(i ^ 3, -(i ^ 3), 7) (signed vectors)
// and writes the bits (0x1F everywhere).
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 0x1F
// peer-bug glslang: no QuadAny or QuadAll
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint bits = 0;
    uint k = (i * 7) & 3;
    bits |= (QuadReadLaneAt(i, k) == ((i & ~3u) | k)) ? 1u : 0u;
    bits |= (QuadAny(i % 8 == 5) == ((i % 8) >= 4)) ? 2u : 0u;
    bits |= (QuadAll(i % 8 < 4) == ((i % 8) < 4)) ? 4u : 0u;
    float2 v = float2(i, -(float)i);
    bits |= all(QuadReadAcrossX(v) == float2(i ^ 1, -(float)(i ^ 1))) ? 8u : 0u;
    bits |= all(QuadReadAcrossDiagonal(int3(i, -(int)i, 7)) == int3(i ^ 3, -(int)(i ^ 3), 7)) ? 16u : 0u;
    dst[i] = bits;
}
