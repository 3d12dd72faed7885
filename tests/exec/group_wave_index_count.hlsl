// SM 6.10 `GetGroupWaveIndex()`/`GetGroupWaveCount()` (the subgroup id and count built-ins),
// checked in a way that holds for any wave size: in a 64-thread group, count x lanes = 64;
// each thread's wave index is below the count and the same across its wave; and the waves'
// first lanes, setting bit (index) of a groupshared mask, set exactly bits 0 .. count - 1.
// Each thread writes 1 + 2 + 4 = 7 when its checks hold; thread 0 also writes 1 at 64 when
// the mask is complete.
// requires subgroup
// exec: -T cs_6_10 -E main dispatch 1 1 1
// buffer u0 rw uint[65] = 0
// expect u0 = [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
//              7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 1]
// peer-bug glslang: has no SM 6.10 intrinsics
RWStructuredBuffer<uint> o : register(u0);
groupshared uint mask;

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) {
        mask = 0;
    }
    GroupMemoryBarrierWithGroupSync();
    uint index = GetGroupWaveIndex();
    uint count = GetGroupWaveCount();
    uint flags = (count * WaveGetLaneCount() == 64 ? 1 : 0) + (index < count ? 2 : 0) + (WaveActiveAllEqual(index) ? 4 : 0);
    if (WaveIsFirstLane()) {
        InterlockedOr(mask, 1u << index);
    }
    GroupMemoryBarrierWithGroupSync();
    o[i] = flags;
    if (i == 0) {
        o[64] = mask == (1u << count) - 1 ? 1 : 0;
    }
}
