// A separable box blur along x: one thread per pixel, a row of the image in groupshared
// memory. Compile with: cargo run --release -- -T cs_6_0 examples/shaders/blur.hlsl
cbuffer BlurParams : register(b0)
{
    uint2 imageSize;
    int radius;
    float strength;
};
Texture2D<float4> source : register(t0);
RWTexture2D<float4> destination : register(u0);

#define GROUP_WIDTH 64
#define MAX_RADIUS 8
groupshared float4 row[GROUP_WIDTH + 2 * MAX_RADIUS];

[numthreads(GROUP_WIDTH, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint3 local : SV_GroupThreadID)
{
    int r = clamp(radius, 0, MAX_RADIUS);
    int2 p = int2(id.xy);
    // Load the row segment with a halo of MAX_RADIUS pixels on each side.
    row[local.x + MAX_RADIUS] = source.Load(int3(min(p, int2(imageSize) - 1), 0));
    if (local.x < MAX_RADIUS) {
        row[local.x] = source.Load(int3(max(p.x - MAX_RADIUS, 0), p.y, 0));
        row[local.x + GROUP_WIDTH + MAX_RADIUS] = source.Load(int3(min(p.x + GROUP_WIDTH, int(imageSize.x) - 1), p.y, 0));
    }
    GroupMemoryBarrierWithGroupSync();
    float4 sum = 0;
    for (int i = -r; i <= r; ++i)
        sum += row[local.x + MAX_RADIUS + i];
    if (all(id.xy < imageSize))
        destination[id.xy] = lerp(row[local.x + MAX_RADIUS], sum / (2 * r + 1), strength);
}
