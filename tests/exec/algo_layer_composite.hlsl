// Compositing the 3 layers of a Texture2DArray back to front with per-layer opacity from
// a constant buffer's `float opacity[3]` (each element in its own 16-byte register: offsets 0, 16, 32,
// array size 36) and a per-layer tint from a float3 that packs into the 12 bytes left in
// the array's last register (offset 36), both read with the layer loop's dynamic index;
// Load(int4(x, y, layer, 0)) on the array, "over" blending, and an RWTexture2D<float2>
// (rg32float) output of (colour, texel index). Multiples of 1/8, opacities in quarters:
// exact.
// Expected values: tests/exec/algo/models.py (layer_composite).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u1 rw 2d rg32float 4x4 = 0
// peer-bug glslang: rounds the array up to whole registers (std140), so tint is read from 48, past the buffer: zero (see cbuffer_tail_packing)
// cbuffer b2 = f32 [0.5, 0, 0, 0, 0.25, 0, 0, 0, 0.75, 1, 2, 0.5]
// texture t0 sampled 2darray r32float 4x4x3 = [0.625, 0.75, 0.875, 0.25, 0.375, 0.625, 0.625, 1, 0.625, 1, 0.75, 0.375, 0.25, 0.625, 0.75, 0.75,
//     0.5, 0, 0.875, 1, 0.625, 0.125, 0.75, 0.875, 0.125, 0, 0.25, 0.75, 0.625, 0.75, 0, 0.625,
//     0.375, 1, 0.875, 0.625, 0.5, 0.875, 1, 0.125, 0, 0, 0.5, 0.875, 0.25, 1, 0.375, 0.875]
// expect u1 = [0.26171875, 0, 0.4453125, 1, 0.51953125, 2, 0.3828125, 3, 0.30078125, 4, 0.40234375, 5, 0.52734375, 6, 0.25, 7,
//     0.07421875, 8, 0.09375, 9, 0.2890625, 10, 0.45703125, 11, 0.1953125, 12, 0.52734375, 13, 0.2109375, 14, 0.4765625, 15]
Texture2DArray<float> Layers : register(t0);
RWTexture2D<float2> Composite : register(u1);
cbuffer Blend : register(b2) {
    float opacity[3];
    float3 tint;
};

[numthreads(4, 4, 1)]
void main(uint3 id : SV_GroupThreadID) {
    float acc = 0;
    for (int layer = 0; layer < 3; ++layer) {
        float c = Layers.Load(int4(id.xy, layer, 0)) * tint[layer];
        float a = opacity[layer];
        acc = acc * (1 - a) + c * a;
    }
    Composite[id.xy] = float2(acc, id.x + 4 * id.y);
}
