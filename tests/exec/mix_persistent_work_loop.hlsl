// A persistent-threads work loop as GPU schedulers write it: 32 threads pull item indices
// from a groupshared cursor with InterlockedAdd (the original value is the item) in a
// `while (true)` loop until the 100 items are gone, run a data-dependent inner loop per
// item (Collatz steps of item + 1, a `while` with a ternary), and accumulate per-bucket
// sums and maxima (bucket = item mod 8) with InterlockedAdd/InterlockedMax on a device
// buffer; after the loop each wave adds its lanes' item counts (WaveActiveSum, outside the
// divergent loop) and the first lane adds that to a total. Which thread takes which item is
// the device's; every output is an order-free sum or maximum.
// Output: 8 sums, 8 maxima, items counted by waves (100), the cursor's final excess check
// (cursor - 32 waits: 100), the sum of all steps.
// Expected values: tests/exec/mix/models.py (persistent_work_loop).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[19] = 0
// expect u0 = [557, 302, 518, 190, 168, 498, 783, 126, 118, 110, 111, 25, 22, 112, 112, 22,
//     100, 100, 3142]
RWStructuredBuffer<uint> Stats : register(u0);

groupshared uint cursor;

uint collatzSteps(uint n) {
    uint steps = 0;
    [loop]
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n >> 1;
        steps++;
    }
    return steps;
}

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
    if (t == 0)
        cursor = 0;
    GroupMemoryBarrierWithGroupSync();

    uint mine = 0;
    while (true) {
        uint item;
        InterlockedAdd(cursor, 1, item);
        if (item >= 100)
            break;
        uint steps = collatzSteps(item + 1);
        InterlockedAdd(Stats[item % 8], steps);
        InterlockedMax(Stats[8 + item % 8], steps);
        InterlockedAdd(Stats[18], steps);
        mine++;
    }
    uint waveItems = WaveActiveSum(mine);
    if (WaveIsFirstLane())
        InterlockedAdd(Stats[16], waveItems);
    GroupMemoryBarrierWithGroupSync();
    if (t == 0)
        Stats[17] = cursor - 32;
}
