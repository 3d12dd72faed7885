// Two compare-exchange patterns that production shaders use where a native atomic is
// missing, written so they terminate on SIMT hardware:
// (1) float accumulation through `InterlockedCompareExchange` on the value's bits: read the
//     word, add, try to swap, retry with the word the exchange returned until it matches.
//     64 threads add into 8 bins; every contribution is a multiple of 1/8 below 256, so
//     every order of additions gives the same exact sum.
// (2) a per-bucket spin lock in groupshared memory whose critical section runs inside the
//     loop (the winner lane updates, releases with `InterlockedExchange` and leaves; the
//     others retry), protecting a read-modify-write of three words per bucket (a count, a
//     maximum and a minimum) made of separate atomic reads and `InterlockedExchange` writes,
//     so only the lock makes it correct.
// lavapipe (Mesa 22.3.6) finding: a `GroupMemoryBarrier()` or `DeviceMemoryBarrier()`
// (OpMemoryBarrier) inside the critical section, where it belongs before the release, breaks
// the workgroup once it has more than one subgroup: with 16 or 64 threads and plain
// groupshared updates, only 8 lanes' increments arrived and the counter read 10 (hlslc's
// SPIR-V and WGSL and glslang alike; one subgroup of 8 threads, or no barrier, is right).
// The reduction is `tests/exec/work/lavapipe/memory_barrier_divergent_lock.hlsl`.
// A third counter takes the number of failed exchanges of (1), which is the device's (`_`
// in the header, but it must fit: below 64 * 64).
// Expected values: tests/exec/work/models.py (atomic_float_and_locks).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[64] = [195.75, 193.75, 225, 224.125, 159.375, 40, 69.25, 142.625, 39.875, 198,
//     46.75, 240.25, 247.875, 116.25, 155.75, 241.375, 17.625, 83.375, 51, 6.625, 95.875, 75.75,
//     194.875, 172.25, 53.125, 141.875, 194, 231, 203.625, 18.375, 206.75, 195.25, 198.125, 25.625,
//     47.625, 213.625, 175, 172.125, 83.125, 186.375, 120.875, 26.375, 79.75, 150.25, 254, 125,
//     100.125, 149.625, 129.125, 52.25, 118.625, 109.125, 44.625, 104.875, 149.75, 217, 147,
//     139.375, 120.125, 30, 46.875, 212, 252, 136.5]
// buffer u1 rw uint[8] = 0
// buffer u2 rw uint[12] = 0
// buffer u3 rw uint[1] = 0
// expect u1 = [1147232256, 1146562560, 1146927104, 1150722048, 1150904320, 1146624000, 1150776320,
//     1152655360]
// expect u2 = [16, 2032, 141, 16, 1931, 53, 16, 2016, 374, 16, 1696, 147]
// expect u3 = [_]
StructuredBuffer<float> Contributions : register(t0);
RWStructuredBuffer<uint> FloatBins : register(u1);
RWStructuredBuffer<uint> Buckets : register(u2);   // per bucket: count, max, min
RWStructuredBuffer<uint> Retries : register(u3);

groupshared uint Locks[4];
groupshared uint Count[4];
groupshared uint MaxValue[4];
groupshared uint MinValue[4];

void AtomicAddFloat(uint bin, float value, inout uint retries)
{
    uint expected = FloatBins[bin];
    [loop]
    for (;;)
    {
        uint original;
        InterlockedCompareExchange(FloatBins[bin], expected, asuint(asfloat(expected) + value),
                                   original);
        if (original == expected)
            break;
        expected = original;
        ++retries;
    }
}

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    if (t < 4)
    {
        Locks[t] = 0;
        Count[t] = 0;
        MaxValue[t] = 0;
        MinValue[t] = 0xFFFFFFFF;
    }
    GroupMemoryBarrierWithGroupSync();

    const float value = Contributions[t];
    uint retries = 0;
    AtomicAddFloat(t % 8, value, retries);
    InterlockedAdd(Retries[0], retries);

    const uint bucket = (t * 7) % 4;
    const uint key = (uint)(value * 8.0);
    bool done = false;
    [loop]
    while (!done)
    {
        uint previous;
        InterlockedCompareExchange(Locks[bucket], 0, 1, previous);
        if (previous == 0)
        {
            // Reads and writes of the protected words are atomic (coherent per location)
            // instead of plain accesses ordered by a GroupMemoryBarrier before the release:
            // lavapipe mishandles a memory barrier in divergent control flow (see the header).
            uint count, hi, lo, ignored;
            InterlockedAdd(Count[bucket], 0, count);
            InterlockedOr(MaxValue[bucket], 0, hi);
            InterlockedOr(MinValue[bucket], 0, lo);
            InterlockedExchange(Count[bucket], count + 1, ignored);
            InterlockedExchange(MaxValue[bucket], max(hi, key), ignored);
            InterlockedExchange(MinValue[bucket], min(lo, key), ignored);
            InterlockedExchange(Locks[bucket], 0, ignored);
            done = true;
        }
    }
    GroupMemoryBarrierWithGroupSync();
    if (t < 4)
    {
        Buckets[t * 3 + 0] = Count[t];
        Buckets[t * 3 + 1] = MaxValue[t];
        Buckets[t * 3 + 2] = MinValue[t];
    }
}
