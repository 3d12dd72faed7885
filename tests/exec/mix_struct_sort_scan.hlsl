// Sorting records in groupshared memory with the comparison written as an HLSL 2021
// `operator<` on the struct (key, then id), a bitonic network over 32 `Item`s run by 16
// threads (each compare-exchange passes two groupshared array elements as `inout`
// arguments to a swap helper), then an inclusive Hillis-Steele scan of the weights in sorted
// order (read both elements, barrier, write, barrier, per step) and segment heads by key.
// Items: key (11i + 3) mod 8, weight 1 + (i mod 4) / 4, id i. Sorted ids, running weight
// sums (quarters: exact), and 1 where a new key starts.
// Expected values: tests/exec/mix/models.py (struct_sort_scan).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[32] = 0
// buffer u1 rw float[32] = 0
// buffer u2 rw uint[32] = 0
// expect u0 = [7, 15, 23, 31, 2, 10, 18, 26, 5, 13, 21, 29, 0, 8, 16, 24, 3, 11, 19, 27, 6, 14,
//     22, 30, 1, 9, 17, 25, 4, 12, 20, 28]
// expect u1 = [1.75, 3.5, 5.25, 7, 8.5, 10, 11.5, 13, 14.25, 15.5, 16.75, 18, 19, 20, 21, 22,
//     23.75, 25.5, 27.25, 29, 30.5, 32, 33.5, 35, 36.25, 37.5, 38.75, 40, 41, 42, 43, 44]
// expect u2 = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
//     0, 1, 0, 0, 0]
// peer-bug glslang: no operator overloading
RWStructuredBuffer<uint> SortedIds : register(u0);
RWStructuredBuffer<float> Running : register(u1);
RWStructuredBuffer<uint> Heads : register(u2);

struct Item {
    uint key;
    float weight;
    uint id;

    bool operator<(Item o) { return key < o.key || (key == o.key && id < o.id); }
};

groupshared Item items[32];
groupshared float scan[32];

void swapIf(inout Item a, inout Item b, bool ascending) {
    if ((b < a) == ascending) {
        Item t = a;
        a = b;
        b = t;
    }
}

Item makeItem(uint i) {
    Item it = { (i * 11 + 3) % 8, 1.0f + (i % 4) * 0.25f, i };
    return it;
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex) {
    items[t] = makeItem(t);
    items[t + 16] = makeItem(t + 16);
    GroupMemoryBarrierWithGroupSync();

    for (uint k = 2; k <= 32; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            uint i = 2 * j * (t / j) + (t % j);
            swapIf(items[i], items[i + j], (i & k) == 0);
            GroupMemoryBarrierWithGroupSync();
        }
    }

    scan[t] = items[t].weight;
    scan[t + 16] = items[t + 16].weight;
    GroupMemoryBarrierWithGroupSync();
    [unroll]
    for (uint offset = 1; offset < 32; offset <<= 1) {
        float lo = t >= offset ? scan[t - offset] : 0;
        float hi = scan[t + 16 - offset];
        GroupMemoryBarrierWithGroupSync();
        scan[t] += lo;
        scan[t + 16] += hi;
        GroupMemoryBarrierWithGroupSync();
    }

    [unroll]
    for (uint h = 0; h < 2; ++h) {
        uint p = t + 16 * h;
        SortedIds[p] = items[p].id;
        Running[p] = scan[p];
        Heads[p] = p == 0 || items[p - 1].key != items[p].key;
    }
}
