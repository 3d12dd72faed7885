// RWTexture2D stores from a 4x2 grid of threads (rgba32float: texel (x, y) =
// (x, y, x + 10 y, 1)), and a read-modify-write of an RWTexture2D<uint> (r32uint 4x1,
// [1, 2, 3, 4] → each texel times 10 plus its x).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 rw 2d rgba32float 4x2 = 0
// texture u1 rw 2d r32uint 4x1 = [1, 2, 3, 4]
// expect u0 = [0, 0, 0, 1,   1, 0, 1, 1,   2, 0, 2, 1,   3, 0, 3, 1,
//              0, 1, 10, 1,  1, 1, 11, 1,  2, 1, 12, 1,  3, 1, 13, 1]
// expect u1 = [10, 21, 32, 43]
RWTexture2D<float4> image : register(u0);
RWTexture2D<uint> counts : register(u1);

[numthreads(4, 2, 1)]
void main(uint3 id : SV_GroupThreadID) {
    image[id.xy] = float4(id.x, id.y, id.x + 10 * id.y, 1);
    if (id.y == 0)
        counts[uint2(id.x, 0)] = counts[uint2(id.x, 0)] * 10 + id.x;
}
