// 64-bit atomics on groupshared memory (SM 6.6): 64 threads InterlockedAdd 0xFFFFFFFF to a
// uint64_t (carries into the high word: 64 · (2^32 - 1) = 0x3F_FFFF_FFC0), InterlockedMax
// of i · 2^33 on a uint64_t (63 · 2^33 = 0x7E_0000_0000), InterlockedMin of -(i · 2^32) on an
// int64_t starting at 0 (signed: -63 · 2^32 = 0xFFFF_FFC1_0000_0000) and InterlockedOr of
// 1 << i on a uint64_t (every bit set); thread 0 also InterlockedCompareExchange's a value
// (5 · 2^32 == 5 · 2^32 → 9, original kept) and InterlockedExchange's it (9 → 2^40 + 1,
// original 9). Each result as (low, high) words.
// requires int64 int64-atomics
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[14] = 0
// expect u0 = [0xFFFFFFC0, 0x3F, 0, 0x7E, 0, 0xFFFFFFC1, 0xFFFFFFFF, 0xFFFFFFFF,
//              0, 5, 9, 0, 1, 0x100]
// peer-bug glslang: unknown type names `uint64_t`/`int64_t`
RWStructuredBuffer<uint> o : register(u0);

groupshared uint64_t sum;
groupshared uint64_t mx;
groupshared int64_t mn;
groupshared uint64_t bits;
groupshared uint64_t cell;

void put(uint at, uint64_t v) {
    o[at] = (uint)v;
    o[at + 1] = (uint)(v >> 32);
}

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) {
        sum = 0; mx = 0; mn = 0; bits = 0;
        cell = 5ull << 32;
    }
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(sum, 0xFFFFFFFFull);
    InterlockedMax(mx, (uint64_t)i << 33);
    InterlockedMin(mn, -((int64_t)i << 32));
    InterlockedOr(bits, 1ull << i);
    if (i == 0) {
        uint64_t orig, orig2;
        InterlockedCompareExchange(cell, 5ull << 32, 9ull, orig);
        put(8, orig);
        InterlockedExchange(cell, (1ull << 40) + 1, orig2);
        put(10, orig2);
    }
    GroupMemoryBarrierWithGroupSync();
    if (i == 0) {
        put(0, sum);
        put(2, mx);
        put(4, (uint64_t)mn);
        put(6, bits);
        put(12, cell);
    }
}
