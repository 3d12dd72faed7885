// Exclusive prefix sum of each 1024-element block with wave ops: WavePrefixSum within a
// wave, the wave totals scanned in groupshared memory, then added back.
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);
groupshared uint wave_total[1024];

[numthreads(1024, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    uint v = src[id.x];
    uint lanes = WaveGetLaneCount();
    uint prefix = WavePrefixSum(v);
    uint wave = gi / lanes;
    if (WaveGetLaneIndex() == lanes - 1) wave_total[wave] = prefix + v;
    GroupMemoryBarrierWithGroupSync();
    if (gi == 0) {
        uint run = 0;
        for (uint w = 0; w < 1024 / lanes; ++w) {
            uint t = wave_total[w];
            wave_total[w] = run;
            run += t;
        }
    }
    GroupMemoryBarrierWithGroupSync();
    dst[id.x] = prefix + wave_total[wave];
}
