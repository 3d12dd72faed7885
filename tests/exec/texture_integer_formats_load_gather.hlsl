// Integer textures of several dimensions read the way compute passes read ID and index
// buffers: Load on Texture2DArray<uint2> (int4 = x, y, layer, mip; with an offset), GatherRed
// on Texture2D<int> and GatherGreen on Texture2DArray<int2> (layer 1.2 rounds to 1), Load and
// GetDimensions(mip, width, levels) on Texture1D<uint4> (rgba8uint), Load on Texture3D<int4>
// with and without an int3 offset. Gather order: x = (i0, j1), y = (i1, j1), z = (i1, j0),
// w = (i0, j0); at uv (0.5, 0.5) on 2x2 that is (0,1), (1,1), (1,0), (0,0).
// t0 rg32uint 2x2x2 iota: texel n (= 4 layer + 2y + x) = (2n, 2n + 1): Load(1,0,1) → n 5 →
//   (10, 11); Load((0,0,1) + (1,1)) → n 7 → (14, 15).
// t1 r32sint 2x2 = [-3, 5, -7, 9]: GatherRed → (-7, 9, 5, -3).
// t2 rg32sint 2x2x2 iota -8: texel n = (-8 + 2n, -7 + 2n); GatherGreen, layer 1 → n 6, 7, 5, 4
//   → (5, 7, 3, 1).
// t3 rgba8uint 1d width 4 iota: Load(int2(2, 0)) → (8, 9, 10, 11); GetDimensions → (4, 1).
// t4 rgba32sint 2x2x2 iota -16: texel n = -16 + 4n + c: Load(1,1,1) → n 7 → (12, 13, 14, 15);
//   Load((0,1,0) + (1,0,0)) → n 3 → (-4, -3, -2, -1).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2darray rg32uint 2x2x2 = iota
// texture t1 sampled 2d r32sint 2x2 = [-3, 5, -7, 9]
// texture t2 sampled 2darray rg32sint 2x2x2 = iota -8
// texture t3 sampled 1d rgba8uint 4 = iota
// texture t4 sampled 3d rgba32sint 2x2x2 = iota -16
// sampler s5 point clamp
// buffer u6 rw int[26] = 0
// expect u6 = [10, 11, 14, 15,  -7, 9, 5, -3,  5, 7, 3, 1,  8, 9, 10, 11,  4, 1,
//   12, 13, 14, 15,  -4, -3, -2, -1]
Texture2DArray<uint2> ids : register(t0);
Texture2D<int> labels : register(t1);
Texture2DArray<int2> pairs : register(t2);
Texture1D<uint4> bytes4 : register(t3);
Texture3D<int4> cells : register(t4);
SamplerState pt : register(s5);
RWStructuredBuffer<int> o : register(u6);

void put(inout uint n, int4 v, uint count) {
    for (uint i = 0; i < count; i++) o[n++] = v[i];
}

[numthreads(1, 1, 1)]
void main() {
    uint n = 0;
    put(n, int4(ids.Load(int4(1, 0, 1, 0)), 0, 0), 2);
    put(n, int4(ids.Load(int4(0, 0, 1, 0), int2(1, 1)), 0, 0), 2);
    put(n, labels.GatherRed(pt, float2(0.5, 0.5)), 4);
    put(n, pairs.GatherGreen(pt, float3(0.5, 0.5, 1.2)), 4);
    put(n, (int4)bytes4.Load(int2(2, 0)), 4);
    uint w, levels;
    bytes4.GetDimensions(0, w, levels);
    put(n, int4(w, levels, 0, 0), 2);
    put(n, cells.Load(int4(1, 1, 1, 0)), 4);
    put(n, cells.Load(int4(0, 1, 0, 0), int3(1, 0, 0)), 4);
}
