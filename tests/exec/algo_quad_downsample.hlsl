// A 2x2 downsample of an 8x8 float image through quad operations in a compute shader:
// each quad of lanes (4 consecutive lanes, as D3D and Vulkan define compute quads) holds
// one 2x2 block (lane bit 0 = x, bit 1 = y), the average comes from QuadReadAcrossX/Y/
// Diagonal, the max and min from QuadReadLaneAt in a loop over the four lanes, and the
// diagonal gradient (bottom-right minus top-left) from QuadReadLaneAt with constant lanes.
// Lane 0 of each quad writes (avg, max, min, gradient). Integer pixels: exact.
// Expected values: tests/exec/algo/models.py (quad_downsample).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw float[64] = 0
// peer-bug glslang: keeps the [unroll] loop, so QuadReadLaneAt's lane is the loop counter and OpGroupNonUniformQuadBroadcast gets a non-constant index (invalid before SPIR-V 1.5); DXC unrolls it
// buffer t0 ro float[64] = [32, 7, 19, 2, 42, 11, 0, 38, 32, 42, 45, 18, 13, 12, 38, 21,
//     37, 37, 37, 0, 45, 1, 32, 5, 46, 2, 24, 28, 6, 7, 23, 10,
//     45, 22, 21, 44, 16, 12, 45, 36, 2, 16, 30, 35, 19, 0, 18, 43,
//     45, 40, 34, 44, 11, 14, 2, 35, 49, 41, 20, 45, 27, 34, 23, 24]
// expect u1 = [28.25, 42, 7, 10, 21, 45, 2, -1, 19.5, 42, 11, -30, 24.25, 38, 0, 21,
//     30.5, 46, 2, -35, 22.25, 37, 0, -9, 14.75, 45, 1, -38, 17.5, 32, 5, -22,
//     21.25, 45, 2, -29, 32.5, 44, 21, 14, 11.75, 19, 0, -16, 35.5, 45, 18, -2,
//     43.75, 49, 40, -4, 35.75, 45, 20, 11, 21.5, 34, 11, 23, 21, 35, 2, 22]
StructuredBuffer<float> Image : register(t0);
RWStructuredBuffer<float> Reduced : register(u1);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint quad = gi / 4;
    uint2 block = uint2(quad % 4, quad / 4);
    uint2 pixel = block * 2 + uint2(gi & 1, (gi >> 1) & 1);
    float v = Image[pixel.y * 8 + pixel.x];

    float sum = v + QuadReadAcrossX(v) + QuadReadAcrossY(v) + QuadReadAcrossDiagonal(v);
    float hi = v, lo = v;
    [unroll]
    for (uint k = 0; k < 4; ++k) {
        float o = QuadReadLaneAt(v, k);
        hi = max(hi, o);
        lo = min(lo, o);
    }
    float gradient = QuadReadLaneAt(v, 3) - QuadReadLaneAt(v, 0);
    if ((gi & 3) == 0) {
        Reduced[quad * 4 + 0] = sum * 0.25;
        Reduced[quad * 4 + 1] = hi;
        Reduced[quad * 4 + 2] = lo;
        Reduced[quad * 4 + 3] = gradient;
    }
}
