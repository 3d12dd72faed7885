// RWByteAddressBuffer.InterlockedAdd / InterlockedMax / InterlockedOr with uint operands
// from 64 threads (the int-literal form is byteaddress_interlocked, a glslang bug).
// Max of thread indices = 63; Or of 1 << (i % 32) = 0xFFFFFFFF; originals of the add are
// 0..63 (each thread marks its original).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[3] = 0
// buffer u2 rw uint[64] = 0
// expect u1 = [64, 63, 0xFFFFFFFF]
// expect u2 = 1
RWByteAddressBuffer counters : register(u1);
RWStructuredBuffer<uint> seen : register(u2);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint prev;
    counters.InterlockedAdd(0, 1u, prev);
    seen[prev] = 1;
    counters.InterlockedMax(4, gi);
    counters.InterlockedOr(8, 1u << (gi % 32));
}
