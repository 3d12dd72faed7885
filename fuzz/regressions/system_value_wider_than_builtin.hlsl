RWStructuredBuffer<uint> count : register(u1);
RWStructuredBuffer<uint> seen : register(u2);
RWStructuredBuffer<uint> xchg : register(u3);

[numthreads(64, 1, 1)]
void main(uint4 dtid : SV_DispatchThreadID) {
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
