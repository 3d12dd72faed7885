// The layer count of storage texture arrays (`GetDimensions` on `RWTexture2DArray`). naga 30 writes every layer-count query as `OpImageQuerySizeLod`, which
// Vulkan does not allow on storage images; hlslc's SPIR-V uses `OpImageQuerySize`.
// `layers` is 3 wide, 2 high and 5 deep.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u1 rw 2darray r32float 3x2x5 = 0
// buffer u2 rw uint[3] = 0
// expect u1 = [0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0]
// expect u2 = [3, 2, 5]
RWTexture2DArray<float> layers : register(u1);
RWStructuredBuffer<uint> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint w, h, n;
    layers.GetDimensions(w, h, n);
    o[0] = w;
    o[1] = h;
    o[2] = n;
}
