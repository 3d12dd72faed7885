// Integer textures as ID buffers and visibility passes use them: a Texture2D<uint4>
// (rgba32uint, texel (x, y) = (id, x, y, id^2) with id = 3(4y + x) + 1) read with Load, with
// `operator[]` and with GatherRed through a point sampler at the texel corner
// ((x+1)/4, (y+1)/4) (D3D order: (x, y+1), (x+1, y+1), (x+1, y), (x, y), clamped at the
// edge); a Texture2D<int> (r32sint, 2 id - 7) read mirrored with `operator[]`; a
// RWTexture2D<uint2> (rg32uint) written with a signed product cast to uint; GetDimensions of
// both (with the mip count). Per texel: id, g.x + g.y + g.z - g.w, id ^ (uint)s,
// Ids[p].y * Ids[p].z; and (2 id + 1, (uint)(-3 s)) in the rg32uint texture.
// Expected values: tests/exec/mix/models.py (integer_texture_ids).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d rgba32uint 4x4 = [1, 0, 0, 1, 4, 1, 0, 16, 7, 2, 0, 49, 10, 3, 0, 100,
//     13, 0, 1, 169, 16, 1, 1, 256, 19, 2, 1, 361, 22, 3, 1, 484, 25, 0, 2, 625, 28, 1, 2, 784,
//     31, 2, 2, 961, 34, 3, 2, 1156, 37, 0, 3, 1369, 40, 1, 3, 1600, 43, 2, 3, 1849, 46, 3, 3,
//     2116]
// texture t1 sampled 2d r32sint 4x4 = [-5, 1, 7, 13, 19, 25, 31, 37, 43, 49, 55, 61, 67, 73,
//     79, 85]
// sampler s5 point clamp
// buffer u2 rw uint[64] = 0
// texture u3 rw 2d rg32uint 4x4 = 0
// buffer u4 rw uint[5] = 0
// expect u2 = [1, 32, 84, 0, 4, 38, 75, 0, 7, 44, 78, 0, 10, 44, 73, 0, 13, 56, 48, 0, 16, 62,
//     39, 1, 19, 68, 34, 2, 22, 68, 61, 3, 25, 80, 60, 0, 28, 86, 3, 2, 31, 92, 6, 4, 34, 92,
//     49, 6, 37, 80, 40, 0, 40, 86, 47, 3, 43, 92, 42, 6, 46, 92, 4294967253, 9]
// expect u3 = [3, 4294967041, 9, 4294967059, 15, 4294967077, 21, 4294967095, 27, 4294967113,
//     33, 4294967131, 39, 4294967149, 45, 4294967167, 51, 4294967185, 57, 4294967203, 63,
//     4294967221, 69, 4294967239, 75, 4294967257, 81, 4294967275, 87, 4294967293, 93, 15]
// expect u4 = [4, 4, 1, 4, 4]
Texture2D<uint4> Ids : register(t0);
Texture2D<int> Signed : register(t1);
SamplerState PointClamp : register(s5);
RWStructuredBuffer<uint> Out : register(u2);
RWTexture2D<uint2> Rg : register(u3);
RWStructuredBuffer<uint> Dims : register(u4);

[numthreads(4, 4, 1)]
void main(uint3 id : SV_GroupThreadID) {
    int2 p = int2(id.xy);
    uint4 t = Ids.Load(int3(p, 0));
    uint i = t.x;
    float2 corner = float2(p + 1) / 4;
    uint4 g = Ids.GatherRed(PointClamp, corner);
    int s = Signed[int2(3, 3) - p];
    uint k = 4 * (4 * id.y + id.x);
    Out[k + 0] = i;
    Out[k + 1] = g.x + g.y + g.z - g.w;
    Out[k + 2] = i ^ (uint)s;
    Out[k + 3] = Ids[p].y * Ids[p].z;
    Rg[id.xy] = uint2(2 * i + 1, (uint)(s * -3));

    if (all(id == 0)) {
        uint w, h, levels;
        Ids.GetDimensions(0, w, h, levels);
        uint w2, h2;
        Rg.GetDimensions(w2, h2);
        Dims[0] = w; Dims[1] = h; Dims[2] = levels; Dims[3] = w2; Dims[4] = h2;
    }
}
