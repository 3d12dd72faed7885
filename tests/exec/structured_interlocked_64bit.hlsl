// 64-bit atomics on buffer memory (SM 6.6): hlslc keeps structured and byte-address buffers
// as 32-bit words, and reads the binding again as 64-bit words for these atomics (SPIR-V
// only: WGSL cannot declare a second variable at one binding, so it is an error there).
// 64 threads each add 0xFFFFFFFF to u[0] (the carries reach the high word): 64 · (2^32 - 1)
// = 0x3F_FFFF_FFC0. One thread exchanges u[1] (0x1_0000_0002 → 0x2_0000_0003, original
// kept in o[0]), compare-exchanges u[2] (0x5_0000_0000 == 0x5_0000_0000 → 9, original in
// o[1]) and u[3] with a comparand whose low word matches but high word does not (stays
// 0x7_0000_0001, original in o[2]). Signed: every thread takes InterlockedMin of s[0] (0)
// with -(i · 2^32) → -63 · 2^32, and InterlockedMax of s[1] (-2^40) with i - 100 → -37.
// RWByteAddressBuffer's 64-bit methods on raw (words 0-1 and 2-3: 64-bit words 0 and 1):
// every thread InterlockedAdd64(0, 2^31) → 64 · 2^31 = 2^37; thread 0
// InterlockedCompareExchange64(8, 0x1_0000_0000, 0xAB, orig) on 0x1_0000_0000 → 0xAB, orig
// in o[3]; InterlockedMin64 with int64_t -5 on word 1 after it: signed → -5 (0xFFFFFFFB,
// 0xFFFFFFFF as words).
// requires int64-atomics
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint64_t[4] = [0, 0x100000002, 0x500000000, 0x700000001]
// buffer u1 rw uint64_t[4] = 0
// buffer u2 rw int64_t[2] = [0, -1099511627776]
// buffer u3 rw uint[4] = [0, 0, 0, 1]
// expect u0 = [0x3FFFFFFFC0, 0x200000003, 9, 0x700000001]
// expect u1 = [0x100000002, 0x500000000, 0x700000001, 0x100000000]
// expect u2 = [-270582939648, -37]
// expect u3 = [0, 32, 0xFFFFFFFB, 0xFFFFFFFF]
// xfail hlslc-wgsl: 64-bit atomics on buffer words need a second variable at the binding, which WGSL does not allow (E0803)
// peer-bug glslang: no 64-bit atomics on RWStructuredBuffer elements
RWStructuredBuffer<uint64_t> u : register(u0);
RWStructuredBuffer<uint64_t> o : register(u1);
RWStructuredBuffer<int64_t> sgn : register(u2);
RWByteAddressBuffer raw : register(u3);

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint64_t before;
    InterlockedAdd(u[0], 0xFFFFFFFFull, before);
    InterlockedMin(sgn[0], -(int64_t)i * 4294967296ll);
    InterlockedMax(sgn[1], (int64_t)i - 100);
    raw.InterlockedAdd64(0, 0x80000000ull);
    if (i == 0) {
        uint64_t orig;
        InterlockedExchange(u[1], 0x200000003ull, orig);
        o[0] = orig;
        InterlockedCompareExchange(u[2], 0x500000000ull, 9ull, orig);
        o[1] = orig;
        InterlockedCompareExchange(u[3], 0x800000001ull, 1ull, orig);
        o[2] = orig;
        raw.InterlockedCompareExchange64(8, 0x100000000ull, 0xABull, orig);
        o[3] = orig;
        int64_t minus_five = -5;
        raw.InterlockedMin64(8, minus_five);
    }
}
