// 5x5 box blur with texture loads (clamped at the edges), one thread per pixel.
#ifndef W
#define W 4096
#endif
Texture2D<float4> img : register(t0);
RWStructuredBuffer<float4> dst : register(u1);

[numthreads(16, 16, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 acc = 0;
    [unroll] for (int dy = -2; dy <= 2; ++dy) {
        [unroll] for (int dx = -2; dx <= 2; ++dx) {
            int2 p = clamp(int2(id.xy) + int2(dx, dy), 0, W - 1);
            acc += img.Load(int3(p, 0));
        }
    }
    dst[id.y * W + id.x] = acc * (1.0f / 25.0f);
}
