// SM 6.10 `[GroupSharedLimit(n)]` lets an entry point use more groupshared memory than
// Direct3D's default 32 KB (up to what the device offers): 9000 uints = 36000 bytes here,
// which without the attribute is error E0706. Each of 128 threads fills every 128th cell
// with 3k + 1; after the barrier thread 0 writes the sum 3 * (0 + … + 8999) + 9000 =
// 121495500 and three cells (derived by hand). The device must allow 36000 bytes of workgroup
// memory (lavapipe does; WebGPU's default limit is 16 KB, hence hlslc's warning W0901).
// exec: -T cs_6_10 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [121495500, 26998, 13501, 1]
RWStructuredBuffer<uint> result : register(u0);
groupshared uint cells[9000];

[GroupSharedLimit(36000)]
[numthreads(128, 1, 1)]
void main(uint i : SV_GroupIndex) {
    for (uint k = i; k < 9000; k += 128)
        cells[k] = k * 3 + 1;
    GroupMemoryBarrierWithGroupSync();
    if (i == 0) {
        uint sum = 0;
        for (uint j = 0; j < 9000; ++j)
            sum += cells[j];
        result[0] = sum;
        result[1] = cells[8999];
        result[2] = cells[4500];
        result[3] = cells[0];
    }
}
