// Every Interlocked* form, one thread, so every result is known: on RWStructuredBuffer<int>
// elements (signed), on a struct member of an RWStructuredBuffer, on RWByteAddressBuffer
// words (uint, and int values selecting the signed min/max), on groupshared ints and on an
// RWBuffer<uint> element; with and without the `original` argument. Derivation:
//   si: Add(10,5)=15 o=10 | And(-5,7)=3 o=-5 | Or(12,1)=13 | Xor(0xF0,0xFF)=0x0F o=0xF0
//       Min(7,-3)=-3 o=7 (signed) | Max(100,-1)=100 (signed; unsigned would give -1)
//       Exchange(3→42) o=3 | CompareExchange(9==9 → 11) o=9 | CompareExchange(20!=1) o=20
//       CompareStore(5==5 → 6) | CompareStore(8!=1 → 8)
//   ps: Add(ps[1].b = 4, -2) = 2 o=4 | Or(ps[0].a = 1, 8) = 9
//   bab: Add(1,2)=3 o=1 | And(0xFF,0x0F)=0x0F | Or(0,0x30)=0x30 o=0 | Xor(5,1)=4
//       Min(int 0x80000000, 1) = 0x80000000 (signed) o=0x80000000 | Max(2, 7u) = 7
//       Exchange(3→77) o=3 | CompareExchange(4==4 → 40) o=4 | CompareStore(9==9 → 90)
//   gs: Max(5,9)=9 o=5 | Min(-2,-7)=-7 | CompareExchange(0==0 → 3) o=0 | Add(0,-1)=-1
//   tb: Add(tb[2] = 3, 5) = 8 o=3
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[11] = [10, -5, 12, 0xF0, 7, 100, 3, 9, 20, 5, 8]
// buffer u1 rw uint[9] = [1, 0xFF, 0, 5, 0x80000000, 2, 3, 4, 9]
// buffer u2 rw uint[17] = 0
// buffer u3 rw int[4] = [1, 2, 3, 4]
// buffer u4 rw uint[3] = [1, 2, 3]
// buffer u5 rw int[4] = 0
// expect u0 = [15, 3, 13, 0x0F, -3, 100, 42, 11, 20, 6, 8]
// expect u1 = [3, 0x0F, 0x30, 4, 0x80000000, 7, 77, 40, 90]
// expect u2 = [10, 0xFFFFFFFB, 0xF0, 7, 3, 9, 20,  4,  1, 0, 0x80000000, 3, 4,  5, 0,  3, 0]
// expect u3 = [9, 2, 3, 2]
// expect u4 = [1, 2, 8]
// expect u5 = [9, -7, 3, -1]
// peer-bug glslang: atomics on RWBuffer<uint> elements and int values on RWByteAddressBuffer give invalid SPIR-V
RWStructuredBuffer<int> si : register(u0);
RWByteAddressBuffer bab : register(u1);
RWStructuredBuffer<uint> orig : register(u2);
struct Pair {
    uint a;
    int b;
};
RWStructuredBuffer<Pair> ps : register(u3);
RWBuffer<uint> tb : register(u4);
RWStructuredBuffer<int> gout : register(u5);
groupshared int gs[4];

[numthreads(1, 1, 1)]
void main() {
    int o;
    uint u;
    InterlockedAdd(si[0], 5, o); orig[0] = o;
    InterlockedAnd(si[1], 7, o); orig[1] = o;
    InterlockedOr(si[2], 1);
    InterlockedXor(si[3], 0xFF, o); orig[2] = o;
    InterlockedMin(si[4], -3, o); orig[3] = o;
    InterlockedMax(si[5], -1);
    InterlockedExchange(si[6], 42, o); orig[4] = o;
    InterlockedCompareExchange(si[7], 9, 11, o); orig[5] = o;
    InterlockedCompareExchange(si[8], 1, 99, o); orig[6] = o;
    InterlockedCompareStore(si[9], 5, 6);
    InterlockedCompareStore(si[10], 1, 6);

    InterlockedAdd(ps[1].b, -2, o); orig[7] = o;
    InterlockedOr(ps[0].a, 8u);

    bab.InterlockedAdd(0, 2u, u); orig[8] = u;
    bab.InterlockedAnd(4, 0x0Fu);
    bab.InterlockedOr(8, 0x30u, u); orig[9] = u;
    bab.InterlockedXor(12, 1u);
    int one = 1;
    bab.InterlockedMin(16, one, o); orig[10] = o;
    bab.InterlockedMax(20, 7u);
    bab.InterlockedExchange(24, 77u, u); orig[11] = u;
    bab.InterlockedCompareExchange(28, 4u, 40u, u); orig[12] = u;
    bab.InterlockedCompareStore(32, 9u, 90u);

    gs[0] = 5; gs[1] = -2; gs[2] = 0; gs[3] = 0;
    GroupMemoryBarrierWithGroupSync();
    InterlockedMax(gs[0], 9, o); orig[13] = o;
    InterlockedMin(gs[1], -7);
    InterlockedCompareExchange(gs[2], 0, 3, o); orig[14] = o;
    InterlockedAdd(gs[3], -1);
    GroupMemoryBarrierWithGroupSync();
    gout[0] = gs[0]; gout[1] = gs[1]; gout[2] = gs[2]; gout[3] = gs[3];

    InterlockedAdd(tb[2], 5u, u); orig[15] = u;
}
