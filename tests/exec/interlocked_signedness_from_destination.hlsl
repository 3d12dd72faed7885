// InterlockedMin/Max take their signedness from the destination, not from the value: DXC's
// intrinsic table declares them `[[unsigned_op=InterlockedUMin, overload=0]]` (gen_intrin_main.txt:
// argument 0, the `ref int32_only result`, chooses between the signed and the unsigned op), and
// the value converts to the destination's type. (RWByteAddressBuffer's methods have no
// destination type and take `overload=1`, the value: interlocked_all_forms checks that.) One
// thread, by hand (o = original):
//   ub (uint): Min(5, -1) → unsigned 5 | Max(5, -1) → 0xFFFFFFFF o=5 (int original) |
//       Min(7, int -3 from a buffer) → 7 | Max(0x80000000, 1) → 0x80000000
//   sb (int): Min(5, 0xFFFFFFFFu → -1) → -1 | Max(5, 0x80000000u → INT_MIN) → 5 |
//       Min(-7, uint 3) → -7 | Max(3, uint 0xFFFFFFFE → -2) → 3
//   tb (RWBuffer<int>): Min(5, 0xFFFFFFF0u → -16) → -16 | Max(-5, 2u) → 2
//   tx (RWTexture1D<uint>): Min(9, -2) → 9 | Max(9, -2) → 0xFFFFFFFE
//   gu (groupshared uint 10, 10): Min(10, -1) → 10 | Max(10, int -3) → 0xFFFFFFFD
//   gi (groupshared int 10, -10): Min(10, 0xFFFFFFFFu) → -1 | Max(-10, 0x80000001u) → -10
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t6 ro int[2] = [-3, 3]
// buffer u0 rw uint[4] = [5, 5, 7, 0x80000000]
// buffer u1 rw int[4] = [5, 5, -7, 3]
// buffer u2 rw int[2] = [5, -5]
// texture u3 rw 1d r32uint 2 = [9, 9]
// buffer u4 rw uint[5] = 0
// expect u0 = [5, 0xFFFFFFFF, 7, 0x80000000]
// expect u1 = [-1, 5, -7, 3]
// expect u2 = [-16, 2]
// expect u3 = [9, 0xFFFFFFFE]
// expect u4 = [5, 10, 0xFFFFFFFD, 0xFFFFFFFF, 0xFFFFFFF6]
// peer-bug glslang: crashes the driver: the RWBuffer<int> atomics end lavapipe (Mesa 22.3) with
//   SIGSEGV; a copy without the RWBuffer lines passes (every other value agrees)
// peer-bug slang: crashes the driver: as glslang, on the RWBuffer<int> atomics; a copy without them passes
StructuredBuffer<int> inputs : register(t6);
RWStructuredBuffer<uint> ub : register(u0);
RWStructuredBuffer<int> sb : register(u1);
RWBuffer<int> tb : register(u2);
RWTexture1D<uint> tx : register(u3);
RWStructuredBuffer<uint> o : register(u4);
groupshared uint gu[2];
groupshared int gi[2];

[numthreads(1, 1, 1)]
void main() {
    int m3 = inputs[0];
    uint u3 = (uint)inputs[1];
    int orig;
    InterlockedMin(ub[0], -1);
    InterlockedMax(ub[1], -1, orig);
    o[0] = (uint)orig;
    InterlockedMin(ub[2], m3);
    InterlockedMax(ub[3], 1);

    InterlockedMin(sb[0], 0xFFFFFFFFu);
    InterlockedMax(sb[1], 0x80000000u);
    InterlockedMin(sb[2], u3);
    InterlockedMax(sb[3], u3 - 5u);

    InterlockedMin(tb[0], 0xFFFFFFF0u);
    InterlockedMax(tb[1], 2u);

    InterlockedMin(tx[0], -2);
    InterlockedMax(tx[1], -2);

    gu[0] = 10; gu[1] = 10;
    gi[0] = 10; gi[1] = -10;
    GroupMemoryBarrierWithGroupSync();
    InterlockedMin(gu[0], -1);
    InterlockedMax(gu[1], m3);
    InterlockedMin(gi[0], 0xFFFFFFFFu);
    InterlockedMax(gi[1], 0x80000001u);
    GroupMemoryBarrierWithGroupSync();
    o[1] = gu[0];
    o[2] = gu[1];
    o[3] = (uint)gi[0];
    o[4] = (uint)gi[1];
}
