// Wave reductions in a pixel shader, as a GPU-driven renderer counts its visible pixels with
// one atomic per wave instead of one per pixel: every pixel of a full-screen triangle over
// a 4x4 target (16 pixels, all covered, so no helper lanes) computes its index
// i = x + 4 y from SV_Position, and the wave's first lane (`WaveIsFirstLane`) adds
// `WaveActiveCountBits(true)` and `WaveActiveSum(i)` to two counters. How the pixels are
// packed into waves is the driver's choice, but the totals do not depend on it: 16 pixels
// and 0 + 1 + … + 15 = 120. Each pixel also writes (i, WaveActiveCountBits(true) >= 1, 0, 1)
// to the target.
// requires subgroup
// exec: -T ps_6_0 -E psmain draw 3 vs vsmain target rgba32uint 4x4
// buffer u1 rw uint[2] = 0
// expect u1 = [16, 120]
// expect target = [0, 1, 0, 1,  1, 1, 0, 1,  2, 1, 0, 1,  3, 1, 0, 1,  4, 1, 0, 1,  5, 1, 0, 1,
//   6, 1, 0, 1,  7, 1, 0, 1,  8, 1, 0, 1,  9, 1, 0, 1,  10, 1, 0, 1,  11, 1, 0, 1,
//   12, 1, 0, 1,  13, 1, 0, 1,  14, 1, 0, 1,  15, 1, 0, 1]
RWStructuredBuffer<uint> visibleTotals : register(u1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}

uint4 psmain(float4 fragCoord : SV_Position) : SV_Target {
    uint2 pixel = (uint2)fragCoord.xy;
    uint index = pixel.x + 4 * pixel.y;
    uint laneCount = WaveActiveCountBits(true);
    uint indexSum = WaveActiveSum(index);
    if (WaveIsFirstLane()) {
        InterlockedAdd(visibleTotals[0], laneCount);
        InterlockedAdd(visibleTotals[1], indexSum);
    }
    return uint4(index, laneCount >= 1 ? 1u : 0u, 0, 1);
}
