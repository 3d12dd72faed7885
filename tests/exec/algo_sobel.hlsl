// Sobel gradients and a 3x3 box sum on an 8x8 r32float texture: Texture2D<float>.Load with
// clamp-to-edge coordinates (bounds from GetDimensions), a weights table as a static const
// int array indexed in nested loops, results written to an RWTexture2D<float4> as
// (gx, gy, |gx| + |gy|, box sum). Small integer pixels: exact.
// Expected values: tests/exec/algo/models.py (sobel).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u1 rw 2d rgba32float 8x8 = 0
// texture t0 sampled 2d r32float 8x8 = [0, 3, 6, 2, 5, 1, 4, 0, 5, 1, 4, 0, 3, 6, 2, 5,
//     3, 6, 2, 5, 1, 4, 0, 3, 1, 4, 4, 7, 10, 6, 5, 1,
//     6, 2, 9, 5, 8, 4, 3, 6, 4, 0, 7, 10, 6, 9, 1, 4,
//     2, 5, 1, 4, 0, 3, 6, 2, 0, 3, 6, 2, 5, 1, 4, 0]
// expect u1 = [5, 13, 18, 17, 17, -1, 18, 28, -4, -8, 12, 27, -4, -8, 12, 33,
//     3, -1, 4, 25, -4, 6, 10, 31, -4, 6, 10, 23, -9, 13, 22, 20,
//     -2, 12, 14, 26, 3, 5, 8, 30, -4, -2, 6, 29, -4, -2, 6, 28,
//     10, -2, 12, 27, -4, -2, 6, 26, -4, -2, 6, 25, 5, 5, 10, 22,
//     5, -9, 14, 29, 0, 2, 2, 30, 0, 10, 10, 33, 3, 21, 24, 36,
//     3, 21, 24, 42, -8, 10, 18, 37, -8, 2, 10, 32, 5, -9, 14, 25,
//     5, 5, 10, 32, 8, 2, 10, 37, 8, 10, 18, 44, 10, 14, 24, 51,
//     -4, 14, 18, 50, -16, 10, 26, 41, -9, 9, 18, 32, -2, 12, 14, 28,
//     -9, 5, 14, 28, 12, -2, 14, 37, 19, 5, 24, 48, 3, 5, 8, 66,
//     -4, -2, 6, 65, -20, -2, 22, 52, -6, -2, 8, 39, 5, 5, 10, 31,
//     -9, -9, 18, 31, 8, -6, 14, 36, 22, -14, 36, 43, -4, -18, 22, 50,
//     -4, -18, 22, 49, -9, -7, 16, 40, -9, 1, 10, 38, 5, -9, 14, 34,
//     5, -9, 14, 20, 7, 1, 8, 28, 7, -7, 14, 38, -4, -18, 22, 41,
//     -4, -18, 22, 40, 6, -14, 20, 35, -8, -6, 14, 30, -9, -9, 18, 23,
//     12, -8, 20, 15, 17, -1, 18, 26, -4, 6, 10, 32, -4, 6, 10, 31,
//     -4, 6, 10, 23, 3, -1, 4, 29, -4, -8, 12, 21, -16, -8, 24, 18]
Texture2D<float> Image : register(t0);
RWTexture2D<float4> Gradient : register(u1);

static const int SOBEL_X[9] = { -1, 0, 1, -2, 0, 2, -1, 0, 1 };

float fetch(int2 p) {
    uint w, h;
    Image.GetDimensions(w, h);
    int2 q = clamp(p, int2(0, 0), int2(w, h) - 1);
    return Image.Load(int3(q, 0));
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int2 p = int2(id.xy);
    float gx = 0, gy = 0, box = 0;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            float v = fetch(p + int2(dx, dy));
            gx += SOBEL_X[(dy + 1) * 3 + dx + 1] * v;
            gy += SOBEL_X[(dx + 1) * 3 + dy + 1] * v;   // the transposed kernel
            box += v;
        }
    }
    Gradient[id.xy] = float4(gx, gy, abs(gx) + abs(gy), box);
}
