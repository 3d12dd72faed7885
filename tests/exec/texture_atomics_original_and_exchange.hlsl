// Texture atomics that return the original value, exchange and compare-exchange on R32
// textures (SPIR-V: OpImageTexelPointer + OpAtomicExchange/OpAtomicCompareExchange written by
// the image_atomic pass). Thread 0 runs the single-texel cases; then 64 threads push
// themselves onto a linked list whose head is a texel (the order-independent-transparency
// pattern) and thread 0 walks it: 64 nodes, indices summing to 0 + 1 + … + 63 = 2016.
// Hand-derived: t0: 5 +3 → 8 (orig 5), max(8, 100) → 100 (orig 8); t1: exchange 10 → 77
// (orig 10); t2: compare 20 == 20 → 99 (orig 20); t3: compare 31 != 30 → unchanged (orig
// 30), compare-store 30 == 30 → 44; s0: min(3, -5) → -5 (orig 3).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 rw 2d r32uint 5x1 = [5, 10, 20, 30, 4294967295]
// buffer u1 rw uint[8] = 0
// texture u2 rw 2d r32sint 1x1 = [3]
// buffer u3 rw uint[64] = 0
// expect u0 = [100, 77, 99, 44, _]
// expect u1 = [5, 10, 20, 30, 8, 3, 64, 2016]
// expect u2 = [-5]
// expect u3 = [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//              _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _]
// peer-bug glslang: InterlockedCompareStore on a texture leaves 30 where compare_value 30 matches (expected 44: `InterlockedCompareStore(dest, compare_value, value)`)
// xfail hlslc-wgsl: WGSL's texture atomics return nothing and have no exchange forms (error E0803 names the target)
RWTexture2D<uint> t : register(u0);
RWStructuredBuffer<uint> o : register(u1);
RWTexture2D<int> ti : register(u2);
RWStructuredBuffer<uint> next : register(u3);

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) {
        uint a, b, c, d, e;
        int f;
        InterlockedAdd(t[uint2(0, 0)], 3, a);
        InterlockedExchange(t[uint2(1, 0)], 77, b);
        InterlockedCompareExchange(t[uint2(2, 0)], 20, 99, c);
        InterlockedCompareExchange(t[uint2(3, 0)], 31, 55, d);
        InterlockedCompareStore(t[uint2(3, 0)], 30, 44);
        InterlockedMax(t[uint2(0, 0)], 100, e);
        InterlockedMin(ti[uint2(0, 0)], -5, f);
        o[0] = a;
        o[1] = b;
        o[2] = c;
        o[3] = d;
        o[4] = e;
        o[5] = (uint)f;
    }
    uint previous;
    InterlockedExchange(t[uint2(4, 0)], i, previous);
    next[i] = previous;
    AllMemoryBarrierWithGroupSync();
    if (i == 0) {
        uint count = 0, sum = 0;
        for (uint n = t[uint2(4, 0)]; n != 0xFFFFFFFF && count < 100; n = next[n]) {
            count += 1;
            sum += n;
        }
        o[6] = count;
        o[7] = sum;
    }
}
