// Gathers on textures of 16-bit components return `half4` / `int16_t4` (DXC's signature):
// the 32-bit texels naga's gathers read are converted. 4x4 textures whose texel (x, y) holds
// 4y + x (r32float for `half`, r32sint for `int16_t`), all values exact in 16 bits.
// Gather at uv (0.5, 0.5) covers texels x 1..2, y 1..2: D3D's order lower-left, lower-right,
// upper-right, upper-left = ((1,2), (2,2), (2,1), (1,1)) = (9, 10, 6, 5). With four offsets
// (0,0), (1,0), (0,1), (-1,-1) each component comes from its own footprint: 9, (3,2) = 11,
// (2,2) = 10, (0,0) = 0. GatherRed of the int16_t texture with offset (1,1): footprint x 2..3,
// y 2..3 = ((2,3), (3,3), (3,2), (2,2)) = (14, 15, 11, 10).
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16 i16
// texture t0 sampled 2d r32float 4x4 = iota
// texture t1 sampled 2d r32sint 4x4 = iota
// sampler s2 point clamp
// buffer u3 rw float[12] = 0
// expect u3 = [9, 10, 6, 5,  9, 11, 10, 0,  14, 15, 11, 10]
// peer-bug glslang: no `Texture2D<half>` ("basic type in texture: Unimplemented")
Texture2D<half> t : register(t0);
Texture2D<int16_t> ti : register(t1);
SamplerState s : register(s2);
RWStructuredBuffer<float> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    float2 uv = float2(0.5, 0.5);
    half4 a = t.Gather(s, uv);
    half4 b = t.Gather(s, uv, int2(0, 0), int2(1, 0), int2(0, 1), int2(-1, -1));
    int16_t4 c = ti.GatherRed(s, uv, int2(1, 1));
    for (uint i = 0; i < 4; i++) {
        o[i] = a[i];
        o[4 + i] = b[i];
        o[8 + i] = c[i];
    }
}
