// Texture arrays and volumes in one pass, as atlas and froxel code uses them: a 4x4x2
// Texture2DArray<float> read with Load(int4(x, y, layer, mip)) from the other layer and with
// SampleLevel at float3(uv, layer + 0.4) (the layer coordinate rounds to the nearest layer),
// written to a RWTexture2DArray<float> with a uint3 index; a 2x2x2 RWTexture3D<float> filled
// by the threads of the first 2x2 block of each layer with the mean of their 2x2 footprint
// through `operator[]` reads of the array (`Src[uint3(x, y, layer)]`); and
// GetDimensions of both writable textures (w, h, elements; w, h, depth).
// Texel (x, y, l) of the source holds 16l + 4y + x. Per texel of the output:
// 2 * src(x, y, 1 - l) + src(x, y, l) + 0.5. Exact.
// Expected values: tests/exec/mix/models.py (texture_array_volume).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2darray r32float 4x4x2 = iota
// sampler s4 point clamp
// texture u1 rw 2darray r32float 4x4x2 = 0
// texture u2 rw 3d r32float 2x2x2 = 0
// buffer u3 rw uint[6] = 0
// expect u1 = [32.5, 35.5, 38.5, 41.5, 44.5, 47.5, 50.5, 53.5, 56.5, 59.5, 62.5, 65.5, 68.5,
//     71.5, 74.5, 77.5, 16.5, 19.5, 22.5, 25.5, 28.5, 31.5, 34.5, 37.5, 40.5, 43.5, 46.5, 49.5,
//     52.5, 55.5, 58.5, 61.5]
// expect u2 = [2.5, 4.5, 10.5, 12.5, 18.5, 20.5, 26.5, 28.5]
// expect u3 = [4, 4, 2, 2, 2, 2]
Texture2DArray<float> Src : register(t0);
RWTexture2DArray<float> Dst : register(u1);
RWTexture3D<float> Volume : register(u2);
RWStructuredBuffer<uint> Dims : register(u3);
SamplerState PointClamp : register(s4);

[numthreads(4, 4, 2)]
void main(uint3 id : SV_GroupThreadID) {
    uint x = id.x, y = id.y, l = id.z;
    float other = Src.Load(int4(x, y, 1 - l, 0));
    float2 uv = (float2(x, y) + 0.5) / 4;
    float same = Src.SampleLevel(PointClamp, float3(uv, l + 0.4), 0);
    Dst[uint3(x, y, l)] = 2 * other + same + 0.5;

    if (x < 2 && y < 2) {
        float sum = 0;
        for (uint dy = 0; dy < 2; ++dy)
            for (uint dx = 0; dx < 2; ++dx)
                sum += Src[uint3(2 * x + dx, 2 * y + dy, l)];
        Volume[uint3(x, y, l)] = sum / 4;
    }
    if (all(id == 0)) {
        uint w, h, n;
        Dst.GetDimensions(w, h, n);
        Dims[0] = w; Dims[1] = h; Dims[2] = n;
        Volume.GetDimensions(w, h, n);
        Dims[3] = w; Dims[4] = h; Dims[5] = n;
    }
}
