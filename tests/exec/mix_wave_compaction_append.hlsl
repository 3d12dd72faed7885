// Stream compaction as production culling passes write it, for any wave size: each lane
// keeps its value when it is not a multiple of 3; the wave counts its survivors with
// `WaveActiveBallot` + `countbits`, the first lane reserves that many slots with
// `InterlockedAdd(Counter[0], n, base)` (the original value), `WaveReadLaneFirst`
// broadcasts the base, and each survivor writes at base + `WavePrefixCountBits(keep)`.
// Survivors >= 60 are also appended to an `AppendStructuredBuffer<uint2>` (value, thread).
// The order of the waves' reservations is the device's, so the compacted array and the
// appended records are not compared element by element (`_`); after an
// `AllMemoryBarrierWithGroupSync` every thread checks its own slot (Ok[t] = 1 when the slot
// is below the total and holds its value, or it kept nothing), and the threads below the
// total add their compacted element to a sum and set its bit in a 4-word mask.
// Values: v(t) = (37t + 11) mod 97, distinct for t < 64. Hidden append counter: the first
// free binding after 0..3, 4 (DXC's numbering, as in append_consume_counters).
// Expected values: tests/exec/mix/models.py (wave_compaction_append).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// buffer u1 rw uint[64] = 0
// buffer u2 rw uint[6] = 0
// buffer u3 rw uint2[64] = 0
// buffer u4 rw uint[1] = 0
// expect u0 = [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0]
// expect u1 = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
//     1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
//     1, 1, 1, 1, 1, 1, 1]
// expect u2 = [42, 1993, 2260953492, 1285968681, 2557228569, 0]
// expect u3 = [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u4 = [15]
// peer-bug glslang: numbers the counter bindings differently
RWStructuredBuffer<uint> Compact : register(u0);
RWStructuredBuffer<uint> Ok : register(u1);
RWStructuredBuffer<uint> Stats : register(u2);
AppendStructuredBuffer<uint2> Big : register(u3);

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint value = (37 * t + 11) % 97;
    bool keep = value % 3 != 0;

    uint4 ballot = WaveActiveBallot(keep);
    uint n = countbits(ballot.x) + countbits(ballot.y) + countbits(ballot.z) + countbits(ballot.w);
    uint base = 0;
    if (WaveIsFirstLane())
        InterlockedAdd(Stats[0], n, base);
    base = WaveReadLaneFirst(base);
    uint slot = base + WavePrefixCountBits(keep);
    if (keep) {
        Compact[slot] = value;
        if (value >= 60)
            Big.Append(uint2(value, t));
    }
    AllMemoryBarrierWithGroupSync();

    uint total = Stats[0];
    Ok[t] = !keep || (slot < total && Compact[slot] == value) ? 1u : 0u;
    if (t < total) {
        uint v = Compact[t];
        InterlockedAdd(Stats[1], v);
        InterlockedOr(Stats[2 + v / 32], 1u << (v % 32));
    }
}
