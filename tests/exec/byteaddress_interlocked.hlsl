// RWByteAddressBuffer.InterlockedAdd from 64 threads, once with an int literal (1) and
// once with a uint literal (1u): both must count to 64, and the original values
// returned are 0..63 (each thread marks its original).
// peer-bug glslang: with an int literal glslang emits OpAtomicIAdd %uint … %int_1, which spirv-val rejects (value type != result type)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[2] = 0
// buffer u2 rw uint[64] = 0
// expect u1 = [64, 64]
// expect u2 = 1
RWByteAddressBuffer counters : register(u1);
RWStructuredBuffer<uint> seen : register(u2);

[numthreads(64, 1, 1)]
void main() {
    uint prev;
    counters.InterlockedAdd(0, 1, prev);
    seen[prev] = 1;
    uint prev2;
    counters.InterlockedAdd(4, 1u, prev2);
}
