// InterlockedAdd on a RWStructuredBuffer element from 4 groups x 64 threads: the final
// count is 256 and the returned originals are exactly 0..255 (each thread marks its
// original). InterlockedExchange / InterlockedCompareExchange: one thread stores 7 then
// swaps in 9 (original 7); a compare-exchange with the wrong comparand leaves the value
// and returns it; one with the right comparand (9) replaces it with 11.
// exec: -T cs_6_0 -E main dispatch 4 1 1
// buffer u1 rw uint[1] = 0
// buffer u2 rw uint[256] = 0
// buffer u3 rw uint[4] = 0
// expect u1 = [256]
// expect u2 = 1
// expect u3 = [11, 7, 9, 9]
RWStructuredBuffer<uint> count : register(u1);
RWStructuredBuffer<uint> seen : register(u2);
RWStructuredBuffer<uint> xchg : register(u3);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
    uint original;
    InterlockedAdd(count[0], 1, original);
    seen[original] = 1;
    if (dtid.x == 0) {
        xchg[0] = 7;
        uint old;
        InterlockedExchange(xchg[0], 9, old);
        xchg[1] = old;                               // 7
        uint cur;
        InterlockedCompareExchange(xchg[0], 5, 100, cur); // 9 != 5: no change
        xchg[2] = cur;                               // 9
        InterlockedCompareExchange(xchg[0], 9, 11, cur);  // swaps to 11
        xchg[3] = cur;                               // 9
    }
}
