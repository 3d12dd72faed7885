// Typed UAVs read and written in the same pass with formats beyond the 32-bit ones, as
// post-processing passes do: `RWTexture2D<unorm float4>` on rgba8unorm (a load gives
// byte / 255; a store clamps to [0, 1], multiplies by 255 and rounds) and `RWTexture2D<float4>`
// on rgba16float (values exact in half); plus `mips[][]` and `Load(int4)` on a
// Texture2DArray's mips, and GetDimensions with float outputs on a UAV.
// Thread x of 2:
// ldr texel 0 [51, 102, 0, 255] → c * 2 = (0.4, 0.8, 0, 2 → 1) → [102, 204, 0, 255];
// ldr texel 1 [10, 250, 128, 64] → 1 - c → [245, 5, 127, 191] (k/255 in, (255-k)/255 out:
// float error far below half a step);
// hdr texel x = c * 2 - x: [1.5, -2, 0.25, 1024] → [3, -4, 0.5, 2048];
// [3, 0.5, -0.125, 7] → [5, 0, -1.25, 13].
// arr r32float 2x2 with 2 layers and 2 mips, layer-major [0, 1, 2, 3, 10, 20, 21, 22, 23, 30]
// (layer 0 mip 0, layer 0 mip 1, layer 1 mip 0, layer 1 mip 1): mips[1][(0, 0, 1)] = 30;
// mips[1][(0, 0, 0)] = 10; Load(int4(1, 1, 1, 0)) = 23; Load(int4(0, 0, 0, 1)) = 10;
// ldr.GetDimensions(float w, float h) = (2, 1).
// The formats are named with `[[vk::image_format]]`, as DXC users do for read-write storage
// images (without it DXC and hlslc infer rgba32f from float4).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 rw 2d rgba8unorm 2x1 = [51, 102, 0, 255,  10, 250, 128, 64]
// texture u1 rw 2d rgba16float 2x1 = [1.5, -2, 0.25, 1024,  3, 0.5, -0.125, 7]
// texture t2 sampled 2darray r32float 2x2x2 mips 2 = [0, 1, 2, 3, 10, 20, 21, 22, 23, 30]
// buffer u3 rw float[6] = 0
// expect u0 = [102, 204, 0, 255,  245, 5, 127, 191]
// expect u1 = [3, -4, 0.5, 2048,  5, 0, -1.25, 13]
// expect u3 = [30, 10, 23, 10, 2, 1]
[[vk::image_format("rgba8")]] RWTexture2D<unorm float4> ldr : register(u0);
[[vk::image_format("rgba16f")]] RWTexture2D<float4> hdr : register(u1);
Texture2DArray<float> arr : register(t2);
RWStructuredBuffer<float> o : register(u3);

[numthreads(2, 1, 1)]
void main(uint x : SV_GroupIndex) {
    const uint2 p = uint2(x, 0);
    const float4 c = ldr[p];
    ldr[p] = x == 0 ? c * 2 : 1 - c;
    hdr[p] = hdr[p] * 2 - x;
    if (x == 0) {
        o[0] = arr.mips[1][uint3(0, 0, 1)];
        o[1] = arr.mips[1][uint3(0, 0, 0)];
        o[2] = arr.Load(int4(1, 1, 1, 0));
        o[3] = arr.Load(int4(0, 0, 0, 1));
        float w, h;
        ldr.GetDimensions(w, h);
        o[4] = w;
        o[5] = h;
    }
}
