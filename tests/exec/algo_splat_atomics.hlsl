// Binning points into an 8x8 grid of 4x4-pixel tiles with image atomics: each of 48
// threads maps its point (x, y in 0..31, weight) to a tile and does InterlockedAdd on an
// RWTexture2D<uint> (r32uint) for the count and InterlockedMax on a second one for the
// peak weight, as tiled light or particle binning does. Order-independent results.
// Expected values: tests/exec/algo/models.py (splat_atomics).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u1 rw 2d r32uint 8x8 = 0
// texture u2 rw 2d r32uint 8x8 = 0
// buffer t0 ro uint[144] = [0, 13, 25, 28, 21, 41, 6, 27, 18, 12, 27, 92, 22, 7, 21, 15, 5, 85, 31, 1, 30, 8, 9, 41,
//     31, 15, 33, 29, 1, 0, 13, 7, 63, 25, 12, 26, 16, 24, 56, 10, 13, 4, 4, 0, 41, 2, 10, 32,
//     27, 22, 98, 24, 14, 19, 25, 1, 28, 7, 7, 22, 22, 29, 59, 13, 7, 65, 31, 28, 32, 12, 5, 31,
//     20, 2, 32, 12, 28, 48, 10, 7, 70, 22, 10, 50, 10, 24, 7, 25, 17, 70, 15, 21, 45, 8, 25, 72,
//     10, 19, 67, 25, 11, 6, 0, 27, 45, 6, 22, 39, 10, 8, 73, 14, 13, 32, 19, 11, 30, 20, 6, 61,
//     29, 9, 82, 30, 27, 65, 28, 27, 65, 23, 11, 41, 23, 12, 59, 13, 25, 40, 13, 30, 25, 18, 11, 4]
// expect u1 = [0, 1, 0, 0, 0, 1, 1, 2, 0, 1, 1, 4, 0, 2, 0, 0,
//     1, 0, 2, 0, 2, 2, 1, 1, 1, 0, 1, 1, 0, 1, 2, 1,
//     0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 1,
//     1, 1, 2, 2, 1, 0, 0, 2, 0, 0, 0, 2, 0, 1, 0, 1]
// expect u2 = [0, 41, 0, 0, 0, 32, 28, 30, 0, 22, 70, 85, 0, 61, 0, 0,
//     32, 0, 73, 0, 30, 50, 6, 82, 25, 0, 4, 32, 0, 59, 26, 33,
//     0, 0, 67, 0, 0, 0, 70, 0, 0, 39, 0, 45, 0, 0, 98, 41,
//     45, 18, 72, 92, 56, 0, 0, 65, 0, 0, 0, 48, 0, 59, 0, 32]
StructuredBuffer<uint> Points : register(t0);
RWTexture2D<uint> Counts : register(u1);
RWTexture2D<uint> Peaks : register(u2);

[numthreads(48, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint3 p = uint3(Points[i * 3], Points[i * 3 + 1], Points[i * 3 + 2]);
    uint2 tile = p.xy / 4;
    InterlockedAdd(Counts[tile], 1);
    InterlockedMax(Peaks[tile], p.z);
}
