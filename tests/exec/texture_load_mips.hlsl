// Texture2D.Load(int3(x, y, mip)) reads one texel of one mip; SampleLevel picks the mip
// by level; GetDimensions(mip, w, h, levels) reports the mip's size and the mip count.
// r32float 4x4 with 3 mips, texel values = iota over mip 0 (0..15), mip 1 (16..19),
// mip 2 (20): Load(1,1,0) = 5, Load(1,0,1) = 17, Load(0,0,2) = 20;
// SampleLevel(point, (0.75, 0.75), 1) = mip 1 texel (1,1) = 19; wrap addressing:
// SampleLevel(point, (1.25, 0.125), 0) = texel (1, 0) = 1.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d r32float 4x4 mips 3 = iota
// sampler s1 point wrap
// buffer u2 rw float[5] = 0
// buffer u3 rw uint[3] = 0
// expect u2 = [5, 17, 20, 19, 1]
// expect u3 = [2, 2, 3]
Texture2D<float> tex : register(t0);
SamplerState point_wrap : register(s1);
RWStructuredBuffer<float> values : register(u2);
RWStructuredBuffer<uint> dims : register(u3);

[numthreads(1, 1, 1)]
void main() {
    values[0] = tex.Load(int3(1, 1, 0));
    values[1] = tex.Load(int3(1, 0, 1));
    values[2] = tex.Load(int3(0, 0, 2));
    values[3] = tex.SampleLevel(point_wrap, float2(0.75, 0.75), 1);
    values[4] = tex.SampleLevel(point_wrap, float2(1.25, 0.125), 0);
    uint w, h, levels;
    tex.GetDimensions(1, w, h, levels);
    dims[0] = w;
    dims[1] = h;
    dims[2] = levels;
}
