// Progressive (temporal) accumulation as path tracers and TAA resolve passes write it, with
// the read-modify-write forms DXC users apply to UAV elements: each pixel of an 8x4
// `RWTexture2D<float4>` (rgba32float, read-write) holds a running mean in rgb and the sample
// count in w. A new sample (from a buffer) is blended with `Accum[p] = lerp(Accum[p], s,
// 1 / (n + 1))` on rgb through a swizzled store (`Accum[p].rgb = …`), then the count is
// bumped with a component compound assignment (`Accum[p].w += 1`); an `RWTexture2D<uint>`
// (r32uint) of per-pixel history lengths is incremented with `Length[p]++` and reset to 0
// where the sample is flagged as disoccluded (and the mean restarts from the sample);
// `RWBuffer<float4>` rows get a single component written (`Stats[row].y = …`) and a
// compound `Stats[row].x += …` from one thread per row. Values are multiples of 1/16 and
// counts powers of two minus one, so 1 / (n + 1) and the lerps are exact.
// Expected values: tests/exec/work/models.py (temporal_accumulation).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 rw 2d rgba32float 8x4 = [1.5625, 3.6875, 3, 3, 1.75, 1.1875, 1, 7, 0, 1.4375, 3.5625,
//     1, 2.3125, 2.5, 0.6875, 1, 2.6875, 2.4375, 2.4375, 1, 3.125, 3.125, 2.6875, 3, 1.625, 2.6875,
//     3.5, 15, 0.1875, 3, 2.875, 7, 0.8125, 2.125, 2.875, 7, 1.5, 2.125, 1.375, 1, 0.25, 0.875,
//     0.4375, 7, 3.0625, 0.5, 2.125, 3, 3.9375, 2.875, 0.3125, 3, 0.875, 2.125, 1.0625, 7, 3.875,
//     0.125, 2.375, 1, 2.9375, 2.9375, 2.3125, 1, 0.0625, 0.625, 2.75, 1, 1.25, 3.0625, 1.75, 3,
//     0.5, 0.375, 1.375, 15, 3.8125, 2.4375, 3.5, 7, 1.1875, 3.3125, 2.1875, 7, 2.625, 1.0625,
//     3.4375, 15, 2.125, 1.5625, 1.3125, 7, 1.6875, 2.9375, 1.6875, 3, 3.3125, 3.0625, 2.625, 3, 1,
//     0, 2.1875, 7, 0.75, 3.8125, 2.25, 1, 0.5625, 0.375, 0.875, 15, 2.4375, 3.8125, 0.0625, 1,
//     0.4375, 0, 1.875, 3, 0.4375, 3, 0.1875, 15, 0.5, 2.875, 1.0625, 7]
// texture u1 rw 2d r32uint 8x4 = [6, 8, 7, 0, 1, 3, 5, 0, 1, 6, 1, 6, 1, 7, 2, 1, 7, 5, 3, 3, 0, 2,
//     1, 2, 2, 5, 5, 0, 1, 5, 8, 3]
// buffer t2 ro float4[32] = [2.5, 1.6875, 0.5625, 0, 1.5, 3.3125, 0.5625, 0, 3.5, 0.75, 2.1875, 0,
//     2.625, 0, 3.375, 1, 0.75, 3.0625, 2.125, 0, 0, 3.9375, 0.375, 0, 2.25, 0.625, 0.25, 0, 1.625,
//     3.125, 3.6875, 0, 0, 1.4375, 0.6875, 0, 3.5, 1.5, 1.25, 0, 2, 1.4375, 3.3125, 1, 1.625,
//     3.1875, 1, 0, 0.25, 0.75, 0.25, 0, 0, 0.125, 3.0625, 0, 2.75, 3.3125, 3.375, 0, 2.625,
//     0.3125, 3.3125, 0, 1.5, 1.125, 0.8125, 0, 1.5, 3.75, 1.875, 1, 0.5625, 2.1875, 0.5, 0, 0.625,
//     2.4375, 2.625, 0, 3.8125, 2.4375, 2.375, 0, 0, 0.3125, 1.6875, 0, 3.3125, 2, 2.5625, 0,
//     3.625, 1.5, 3, 0, 3.0625, 0.8125, 0.9375, 1, 3.5, 1.9375, 2.5, 0, 3.0625, 2.875, 1.625, 0,
//     3.625, 1.625, 0.3125, 0, 3.3125, 0.1875, 0.5, 0, 0, 0.5625, 0.3125, 0, 3.8125, 0.75, 1.6875,
//     0, 0.625, 2.6875, 2.625, 1]
// buffer u3 rw float4[4] = [0, -1, 5, 6, 1, -1, 5, 6, 2, -1, 5, 6, 3, -1, 5, 6]
// peer-bug glslang: a component write to a typed UAV element is "unimplemented: partial image updates"
// expect u0 = [1.796875, 3.1875, 2.390625, 4, 1.71875, 1.453125, 0.9453125, 8, 1.75, 1.09375,
//     2.875, 2, 2.625, 0, 3.375, 1, 1.71875, 2.75, 2.28125, 2, 2.34375, 3.328125, 2.109375, 4,
//     1.6640625, 2.55859375, 3.296875, 16, 0.3671875, 3.015625, 2.9765625, 8, 0.7109375, 2.0390625,
//     2.6015625, 8, 2.5, 1.8125, 1.3125, 2, 2, 1.4375, 3.3125, 1, 2.703125, 1.171875, 1.84375, 4,
//     3.015625, 2.34375, 0.296875, 4, 0.765625, 1.875, 1.3125, 8, 3.3125, 1.71875, 2.875, 2,
//     2.78125, 1.625, 2.8125, 2, 0.78125, 0.875, 1.78125, 2, 1.5, 3.75, 1.875, 1, 0.50390625,
//     0.48828125, 1.3203125, 16, 3.4140625, 2.4375, 3.390625, 8, 1.515625, 3.203125, 2.2109375, 8,
//     2.4609375, 1.015625, 3.328125, 16, 2.2734375, 1.6171875, 1.46875, 8, 2.171875, 2.578125,
//     2.015625, 4, 3.0625, 0.8125, 0.9375, 1, 1.3125, 0.2421875, 2.2265625, 8, 1.90625, 3.34375,
//     1.9375, 2, 0.75390625, 0.453125, 0.83984375, 16, 2.875, 2, 0.28125, 2, 0.328125, 0.140625,
//     1.484375, 4, 0.6484375, 2.859375, 0.28125, 16, 0.625, 2.6875, 2.625, 1]
// expect u1 = [7, 9, 8, 1, 2, 4, 6, 1, 2, 7, 1, 7, 2, 8, 3, 2, 8, 1, 4, 4, 1, 3, 2, 3, 1, 6, 6, 1,
//     2, 6, 9, 1]
// expect u3 = [1, 14.75, 5, 6, 2, 12.75, 5, 6, 3, 14.9375, 5, 6, 4, 21, 5, 6]
RWTexture2D<float4> Accum : register(u0);
RWTexture2D<uint> Length : register(u1);
StructuredBuffer<float4> Samples : register(t2);   // rgb, w = 1 when disoccluded
RWBuffer<float4> Stats : register(u3);

[numthreads(8, 4, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    const uint2 p = id.xy;
    const float4 s = Samples[gi];
    if (s.w != 0)
    {
        Accum[p] = float4(s.rgb, 0);
        Length[p] = 0;
    }
    const float n = Accum[p].w;
    Accum[p].rgb = lerp(Accum[p].rgb, s.rgb, 1.0 / (n + 1.0));
    Accum[p].w += 1;
    Length[p]++;

    if (p.x == 0)
    {
        float rowSum = 0;
        for (uint x = 0; x < 8; ++x)
            rowSum += Samples[p.y * 8 + x].r;
        Stats[p.y].y = rowSum;
        Stats[p.y].x += 1.0;
    }
}
