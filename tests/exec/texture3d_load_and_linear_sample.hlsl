// Texture3D: Load(int4(x, y, z, mip)) and trilinear SampleLevel on a 2x2x2 r16float texture
// with texel (x, y, z) = x + 2y + 4z (iota; texel centres at 0.25 and 0.75 in each
// coordinate). By hand: Load(1, 1, 0) = 3; Load(0, 1, 1) = 6; SampleLevel((0.5, 0.5, 0.5))
// weighs all eight texels by 1/8: 3.5; at (0.25, 0.25, 0.75), a texel centre: texel (0,0,1)
// = 4; at (0.5, 0.25, 0.25): (0 + 1) / 2 = 0.5; at (0.5, 0.75, 0.5): texels with y = 1, mean
// of 2, 3, 6, 7 = 4.5. The weights are 0 or 1/2 in each axis, exact in any filtering precision.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 3d r16float 2x2x2 = iota
// sampler s1 linear clamp
// buffer u2 rw float[6] = 0
// expect u2 = [3, 6, 3.5, 4, 0.5, 4.5]
Texture3D<float> vol : register(t0);
SamplerState smp : register(s1);
RWStructuredBuffer<float> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    o[0] = vol.Load(int4(1, 1, 0, 0));
    o[1] = vol.Load(int4(0, 1, 1, 0));
    o[2] = vol.SampleLevel(smp, float3(0.5, 0.5, 0.5), 0);
    o[3] = vol.SampleLevel(smp, float3(0.25, 0.25, 0.75), 0);
    o[4] = vol.SampleLevel(smp, float3(0.5, 0.25, 0.25), 0);
    o[5] = vol.SampleLevel(smp, float3(0.5, 0.75, 0.5), 0);
}
