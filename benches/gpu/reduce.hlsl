// Sum reduction: each 256-thread group sums 2048 floats (8 per thread, coalesced), then a
// groupshared tree; one partial sum per group.
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> partial : register(u1);
groupshared float sdata[256];

[numthreads(256, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
    uint base = gid.x * 2048 + gi;
    float s = 0.0f;
    [unroll] for (uint k = 0; k < 8; ++k) s += src[base + k * 256];
    sdata[gi] = s;
    GroupMemoryBarrierWithGroupSync();
    [unroll] for (uint stride = 128; stride > 0; stride >>= 1) {
        if (gi < stride) sdata[gi] += sdata[gi + stride];
        GroupMemoryBarrierWithGroupSync();
    }
    if (gi == 0) partial[gid.x] = sdata[0];
}
