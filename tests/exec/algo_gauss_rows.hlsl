// Horizontal 5-tap binomial blur (1 4 6 4 1) / 16 of a 16x4 r32float texture with a
// groupshared apron: each group of 8 threads covers 8 pixels of one row, loads them plus
// two apron pixels on each side (clamped at the image edge) into a 12-entry groupshared
// row, syncs, and convolves with a static const weights table. Scaling by 0.0625 (not a
// division) keeps the integer-pixel results exact.
// Expected values: tests/exec/algo/models.py (gauss_rows).
// exec: -T cs_6_0 -E main dispatch 2 4 1
// buffer u1 rw float[64] = 0
// texture t0 sampled 2d r32float 16x4 = [58, 16, 42, 51, 51, 44, 51, 33, 33, 61, 36, 14, 56, 38, 15, 60,
//     45, 11, 10, 49, 51, 16, 40, 48, 62, 26, 62, 61, 3, 12, 30, 29,
//     52, 10, 30, 18, 7, 56, 17, 34, 48, 59, 11, 17, 33, 54, 33, 33,
//     16, 13, 38, 24, 48, 36, 46, 57, 53, 32, 13, 8, 19, 36, 24, 10]
// expect u1 = [46.5, 37.8125, 39.3125, 46.125, 48.6875, 47.25, 43.625, 39.9375, 41.3125, 43.0625, 37.8125, 34.4375, 37.1875, 36.625, 37.375, 47.375,
//     34.3125, 23.75, 24.75, 35.3125, 38.5, 34.8125, 38.0625, 46.125, 48.125, 47.5625, 49.0625, 41.5, 25.125, 18.375, 23.5, 28.1875,
//     40.125, 28.625, 21.9375, 20.125, 24.0625, 30.25, 32.3125, 36.1875, 43, 40.0625, 28.1875, 24.4375, 32.875, 39.875, 38.25, 34.3125,
//     16.625, 20.875, 27.5, 33.5625, 38.25, 42.0625, 46.8125, 50.375, 45.8125, 32.5625, 19.375, 15.25, 20.4375, 25.375, 22.3125, 15.125]
Texture2D<float> Image : register(t0);
RWStructuredBuffer<float> Blurred : register(u1);

#define GROUP 8
#define RADIUS 2
static const float WEIGHTS[2 * RADIUS + 1] = { 1, 4, 6, 4, 1 };

groupshared float row[GROUP + 2 * RADIUS];

float loadClamped(int x, int y) {
    return Image.Load(int3(clamp(x, 0, 15), y, 0));
}

[numthreads(GROUP, 1, 1)]
void main(uint3 gid : SV_GroupID, uint t : SV_GroupIndex) {
    int y = gid.y;
    int base = gid.x * GROUP;
    row[t + RADIUS] = loadClamped(base + t, y);
    if (t < RADIUS) {
        row[t] = loadClamped(base - RADIUS + t, y);
        row[GROUP + RADIUS + t] = loadClamped(base + GROUP + t, y);
    }
    GroupMemoryBarrierWithGroupSync();
    float acc = 0;
    [unroll]
    for (int k = 0; k <= 2 * RADIUS; ++k)
        acc += WEIGHTS[k] * row[t + k];
    Blurred[y * 16 + base + t] = acc * 0.0625;
}
