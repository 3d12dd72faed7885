// lavapipe (Mesa 22.3.6) reduction, not run by default (HLSLC_EXEC_DIR=tests/exec/work/lavapipe):
// a groupshared spin lock whose critical section ends with `GroupMemoryBarrier()` before the
// release (OpMemoryBarrier in divergent control flow). With 64 threads in subgroups of 8,
// the lanes' increments of N (each lane adds its n = 1 after the loop) sum to 8, not 64, and
// the plain counter C reads 10; without the barrier, or with one subgroup (8 threads), both
// are right. hlslc's SPIR-V and WGSL and glslang fail alike. DeviceMemoryBarrier() fails the
// same way. Expected: one CAS winner of the first race, and 64 in the other three words.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw uint[4] = 0
// expect u2 = [1, 64, 64, 64]
RWStructuredBuffer<uint> Out : register(u2);
groupshared uint L;
groupshared uint W;
groupshared uint L2;
groupshared uint C;
groupshared uint N;
[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    if (t == 0) { L = 0; W = 0; L2 = 0; C = 0; N = 0; }
    GroupMemoryBarrierWithGroupSync();
    uint prev;
    InterlockedCompareExchange(L, 0, t + 1, prev);
    if (prev == 0) InterlockedAdd(W, 1);
    uint n = 0;
    bool done = false;
    [loop] while (!done)
    {
        uint q;
        InterlockedCompareExchange(L2, 0, 1, q);
        if (q == 0)
        {
            n++;
            C = C + 1;
            GroupMemoryBarrier();
            uint ig;
            InterlockedExchange(L2, 0, ig);
            done = true;
        }
    }
    InterlockedAdd(N, n);
    GroupMemoryBarrierWithGroupSync();
    if (t == 0) { Out[0] = W; Out[1] = N; Out[2] = C; Out[3] = 64; }
}
