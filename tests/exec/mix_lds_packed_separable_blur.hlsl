// A separable 3-tap blur over a 16x8 image in two 8x8 thread groups, the way bandwidth-minded
// compute passes write it: tile sizes from `static const uint` and a macro, a groupshared
// tile with a one-texel halo and one padding column against bank conflicts
// (`uint lds[TILE + 2][TILE / 2 + 2]`), each uint holding two texels as halves packed with
// `f32tof16` and unpacked with `f16tof32`; halo texels loaded by a strided loop over the
// tile's border with coordinates clamped to the image (`clamp` of an int2 against
// `int2(dims) - 1` from GetDimensions-free constants), a horizontal pass into a second
// groupshared array (float), a barrier, then the vertical pass; SV_GroupID and
// SV_GroupThreadID compose the pixel. Weights 1/4 1/2 1/4 on small integers: every value is
// a multiple of 1/16, exact in half and float.
// Expected values: tests/exec/mix/models.py (lds_packed_separable_blur).
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer t0 ro float[128] = [0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8,
//     4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2,
//     9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7,
//     3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1,
//     8, 4, 0, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, 10, 6, 2, 9]
// buffer u1 rw float[128] = 0
// expect u1 = [2.25, 4.75, 5.5625, 6.375, 5.8125, 4.5625, 5.375, 4.8125, 4.25, 5.75, 4.5, 3.25,
//     4.75, 5.5625, 6.375, 6.8125, 3.0625, 4.875, 5, 5.125, 5.9375, 4.6875, 4.125, 4.9375,
//     5.0625, 5.875, 5.3125, 4.0625, 4.875, 5, 5.125, 6.9375, 3.6875, 4.125, 4.9375, 5.0625,
//     5.875, 5.3125, 4.0625, 4.875, 5, 5.125, 5.9375, 4.6875, 4.125, 4.9375, 5.0625, 6.1875, 5,
//     4.0625, 4.875, 5, 5.125, 5.9375, 4.6875, 4.125, 4.9375, 5.0625, 5.875, 5.3125, 4.0625,
//     4.875, 5, 4.0625, 7, 4.6875, 4.125, 4.9375, 5.0625, 5.875, 5.3125, 4.0625, 4.875, 5,
//     5.125, 5.9375, 4.6875, 4.125, 4.9375, 4, 6.9375, 5.3125, 4.0625, 4.875, 5, 5.125, 5.9375,
//     4.6875, 4.125, 4.9375, 5.0625, 5.875, 5.3125, 4.0625, 4.875, 5.3125, 4.8125, 5.9375,
//     4.6875, 4.125, 4.9375, 5.0625, 5.875, 5.3125, 4.0625, 4.875, 5, 5.125, 5.9375, 4.6875,
//     4.125, 5.9375, 4.25, 6.75, 5.5, 4.25, 5.75, 5.1875, 4.625, 5.4375, 4.1875, 3.625, 4.4375,
//     5.25, 6.75, 5.5, 4.25, 6.75]
#define TILE 8
static const uint kWidth = 16;
static const uint kHeight = 8;
static const uint kPitch = TILE / 2 + 2;

StructuredBuffer<float> Src : register(t0);
RWStructuredBuffer<float> Dst : register(u1);

groupshared uint lds[TILE + 2][kPitch];
groupshared float hrow[TILE + 2][TILE];

float fetch(int2 p) {
    p = clamp(p, 0, int2(kWidth, kHeight) - 1);
    return Src[p.y * kWidth + p.x];
}

void storeTexel(uint y, uint x, float v) {
    uint shift = (x & 1) * 16;
    InterlockedOr(lds[y][x >> 1], f32tof16(v) << shift);
}

float loadTexel(uint y, uint x) {
    return f16tof32(lds[y][x >> 1] >> ((x & 1) * 16));
}

[numthreads(TILE, TILE, 1)]
void main(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID, uint gi : SV_GroupIndex) {
    int2 origin = int2(gid.xy) * TILE - 1;
    for (uint i = gi; i < (TILE + 2) * kPitch; i += TILE * TILE)
        lds[i / kPitch][i % kPitch] = 0;
    GroupMemoryBarrierWithGroupSync();
    for (uint j = gi; j < (TILE + 2) * (TILE + 2); j += TILE * TILE) {
        uint y = j / (TILE + 2), x = j % (TILE + 2);
        storeTexel(y, x, fetch(origin + int2(x, y)));
    }
    GroupMemoryBarrierWithGroupSync();

    for (uint r = gtid.y; r < TILE + 2; r += TILE) {
        uint c = gtid.x + 1;
        hrow[r][gtid.x] = 0.25 * loadTexel(r, c - 1) + 0.5 * loadTexel(r, c) + 0.25 * loadTexel(r, c + 1);
    }
    GroupMemoryBarrierWithGroupSync();

    uint2 p = gid.xy * TILE + gtid.xy;
    float v = 0.25 * hrow[gtid.y][gtid.x] + 0.5 * hrow[gtid.y + 1][gtid.x] + 0.25 * hrow[gtid.y + 2][gtid.x];
    Dst[p.y * kWidth + p.x] = v;
}
