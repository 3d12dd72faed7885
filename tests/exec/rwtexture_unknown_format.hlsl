// Storage textures without a format (SPIR-V's `Unknown`, as DXC emits them): a
// `RWTexture2D<uint3>` (no storage format has three 32-bit integer channels) and a
// `[[vk::image_format("unknown")]] RWTexture2D<float2>`, bound here to rgba32uint and
// rg32float textures. Each of the 2 threads reads its texel and writes it back changed:
// uint3 (a, b, c) → (2a + 1, 2b, 2c + x), float2 (p, q) → (p + q, p * q). The fourth channel
// of the rgba32uint texel is whatever the shader pads a uint3 with (`_`).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 rw 2d rgba32uint 2x1 = [1, 2, 3, 4,  5, 6, 7, 8]
// texture u1 rw 2d rg32float 2x1 = [1.5, 2,  -3, 0.5]
// expect u0 = [3, 4, 6, _,  11, 12, 15, _]
// expect u1 = [3.5, 3,  -2.5, -1.5]
// xfail hlslc-wgsl: WGSL has no storage texture without a format (E0803)
RWTexture2D<uint3> ids : register(u0);
[[vk::image_format("unknown")]] RWTexture2D<float2> pairs : register(u1);

[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint3 v = ids[id.xy];
    ids[id.xy] = uint3(2 * v.x + 1, 2 * v.y, 2 * v.z + id.x);
    float2 p = pairs[id.xy];
    pairs[id.xy] = float2(p.x + p.y, p.x * p.y);
}
