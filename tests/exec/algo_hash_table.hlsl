// A lock-free open-addressing hash table in groupshared memory: 32 threads insert keys
// (some repeated) with linear probing, claiming a slot with InterlockedCompareExchange
// (empty = 0) and accumulating the thread's value with InterlockedAdd; a new slot bumps an
// occupancy counter. After a barrier each thread looks its key up (a probe loop with
// break) and also a key that is absent. Slot positions depend on thread timing, so only
// order-independent results are written: found flag, summed value per key, absent-key
// flag, and the number of distinct keys.
// Expected values: tests/exec/algo/models.py (hash_table).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[96] = 0
// buffer u2 rw uint[1] = 0
// buffer t0 ro uint[32] = [1, 920, 839, 758, 677, 596, 515, 434, 353, 272, 191, 110, 29, 948, 867, 786,
//     705, 624, 543, 462, 381, 300, 219, 138, 11, 11, 42, 42, 42, 500, 7, 7]
// expect u1 = [1, 1, 0, 1, 2, 0, 1, 3, 0, 1, 4, 0,
//     1, 5, 0, 1, 6, 0, 1, 7, 0, 1, 8, 0,
//     1, 9, 0, 1, 10, 0, 1, 11, 0, 1, 12, 0,
//     1, 13, 0, 1, 14, 0, 1, 15, 0, 1, 16, 0,
//     1, 17, 0, 1, 18, 0, 1, 19, 0, 1, 20, 0,
//     1, 21, 0, 1, 22, 0, 1, 23, 0, 1, 24, 0,
//     1, 51, 0, 1, 51, 0, 1, 84, 0, 1, 84, 0,
//     1, 84, 0, 1, 30, 0, 1, 63, 0, 1, 63, 0]
// expect u2 = [28]
StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint> Found : register(u1);
RWStructuredBuffer<uint> Distinct : register(u2);

#define SLOTS 64
groupshared uint tableKeys[SLOTS];
groupshared uint tableValues[SLOTS];
groupshared uint occupied;

uint slotOf(uint key) { return (key * 2654435761u >> 26) & (SLOTS - 1); }

void insert(uint key, uint value) {
    uint slot = slotOf(key);
    for (uint probe = 0; probe < SLOTS; ++probe) {
        uint previous;
        InterlockedCompareExchange(tableKeys[slot], 0, key, previous);
        if (previous == 0 || previous == key) {
            if (previous == 0)
                InterlockedAdd(occupied, 1);
            InterlockedAdd(tableValues[slot], value);
            return;
        }
        slot = (slot + 1) & (SLOTS - 1);
    }
}

bool lookup(uint key, out uint value) {
    uint slot = slotOf(key);
    value = 0;
    for (uint probe = 0; probe < SLOTS; ++probe) {
        uint k = tableKeys[slot];
        if (k == 0)
            break;
        if (k == key) {
            value = tableValues[slot];
            return true;
        }
        slot = (slot + 1) & (SLOTS - 1);
    }
    return false;
}

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
    tableKeys[i] = 0;
    tableKeys[i + 32] = 0;
    tableValues[i] = 0;
    tableValues[i + 32] = 0;
    if (i == 0) occupied = 0;
    GroupMemoryBarrierWithGroupSync();
    uint key = Keys[i];
    insert(key, i + 1);
    GroupMemoryBarrierWithGroupSync();
    uint value, ignored;
    bool found = lookup(key, value);
    bool ghost = lookup(key + 5000, ignored);
    Found[i * 3 + 0] = found ? 1 : 0;
    Found[i * 3 + 1] = value;
    Found[i * 3 + 2] = ghost ? 1 : 0;
    if (i == 0) Distinct[0] = occupied;
}
