// A GPU hash table with open addressing on a structured buffer of structs, the way
// deduplication and sparse-voxel passes write it: each of 32 threads inserts its key (with
// duplicates) by InterlockedCompareExchange on the slot's `key` member (0 = empty), probing
// linearly while the slot holds another key; then InterlockedAdd on `count`, InterlockedMax
// on `owner` (the largest thread id), InterlockedCompareStore of key ^ 0xABC into `flag` (the
// same value whichever thread gets there first) and InterlockedExchange of key * 3 into `tag`,
// whose original value must be 0 or key * 3. After a barrier each thread looks up key + 1
// (absent), probing until an empty slot. The ten distinct keys take distinct slots
// (hash = (key * 2654435761) >> 28), so the table does not depend on the insertion order.
// Per thread: ok | slot << 1 | probes of the lookup << 8 | slot where it stopped << 16.
// Expected values: tests/exec/mix/models.py (hash_table_struct_atomics).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[32] = [7, 19, 42, 100, 256, 1000, 1234, 4096, 5555, 77, 7, 7, 42, 4096, 4096,
//     4096, 1000, 5555, 19, 77, 77, 77, 256, 7, 1234, 100, 100, 42, 19, 5555, 4096, 7]
// buffer u1 rw uint[80] = 0
// buffer u2 rw uint[32] = 0
// expect u1 = [1000, 2, 16, 2388, 3000, 0, 0, 0, 0, 0, 5555, 3, 29, 7951, 16665, 256, 2, 22, 3004,
//     768, 0, 0, 0, 0, 0, 7, 5, 31, 2747, 21, 0, 0, 0, 0, 0, 4096, 5, 30, 6844, 12288, 0, 0, 0, 0,
//     0, 77, 4, 21, 2801, 231, 1234, 2, 24, 3694, 3702, 19, 3, 28, 2735, 57, 100, 3, 26, 2776, 300,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42, 3, 27, 2710, 126]
// expect u2 = [66059, 393495, 853023, 393241, 851975, 852737, 262165, 65551, 852229, 262419, 66059,
//     66059, 853023, 65551, 65551, 65551, 852737, 852229, 393495, 262419, 262419, 262419, 851975,
//     66059, 262165, 393241, 393241, 853023, 393495, 852229, 65551, 66059]
// peer-bug glslang: InterlockedCompareStore emits no atomic at all, so the `flag` members stay 0
struct Slot {
    uint key;
    uint count;
    uint owner;
    uint flag;
    uint tag;
};

StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<Slot> Table : register(u1);
RWStructuredBuffer<uint> Out : register(u2);

uint slotOf(uint key) { return (key * 2654435761u) >> 28; }

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint key = Keys[t];
    uint home = slotOf(key);
    uint ok = 0, at = 0xFF;
    [allow_uav_condition] for (uint probe = 0; probe < 16; ++probe) {
        uint s = (home + probe) & 15;
        uint prev;
        InterlockedCompareExchange(Table[s].key, 0, key, prev);
        if (prev == 0 || prev == key) {
            InterlockedAdd(Table[s].count, 1);
            InterlockedMax(Table[s].owner, t);
            InterlockedCompareStore(Table[s].flag, 0, key ^ 0xABC);
            uint old;
            InterlockedExchange(Table[s].tag, key * 3, old);
            ok = (old == 0 || old == key * 3) ? 1 : 0;
            at = s;
            break;
        }
    }
    DeviceMemoryBarrierWithGroupSync();

    uint want = key + 1, s = slotOf(want), probes = 0;
    [allow_uav_condition] while (Table[s].key != 0 && Table[s].key != want) {
        ++probes;
        s = (s + 1) & 15;
    }
    Out[t] = ok | at << 1 | probes << 8 | s << 16;
}
