// `-denorm preserve` keeps 32-bit denormals through arithmetic: with d = 2^-127 (0x00400000,
// half the smallest normal) d + d = 2^-126 (0x00800000), d * 0.5 = 2^-128 (0x00200000),
// 2^-126 - d = d, d * 1.0 = d (exact in binary, derived by hand). hlslc writes the SPIR-V
// execution mode `DenormPreserve 32` as DXC does; without it a device may flush (NVIDIA's
// driver 580 does: the sums come out 0). lavapipe (Mesa 22.3) preserves denormals in every
// mode, so there this kernel passes either way; on NVIDIA (H200, driver 580.159.04) hlslc's
// SPIR-V passes and the same kernel compiled without `-denorm preserve` gives [0, 0,
// 0x00800000, 0x00400000]. WGSL has no denormal control: the WGSL target leaves the choice to
// the device, and on that NVIDIA driver the WGSL run flushes the same way.
// exec: -T cs_6_2 -E main -denorm preserve dispatch 1 1 1
// peer-bug glslang: no equivalent of DXC's -denorm
// buffer t0 ro uint[2] = [0x00400000, 0x00800000]
// buffer u1 rw uint[4] = 0
// expect u1 = [0x00800000, 0x00200000, 0x00400000, 0x00400000]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float d = asfloat(src[0]), smallest_normal = asfloat(src[1]);
    dst[0] = asuint(d + d);
    dst[1] = asuint(d * 0.5f);
    dst[2] = asuint(smallest_normal - d);
    dst[3] = asuint(d * 1.0f);
}
