// SM 6.8's Barrier with SM 6.9's REORDER_SCOPE semantic flag, in both forms: memory flags
// (with GROUP_SYNC | GROUP_SCOPE, which makes the writes of the group visible) and the object
// form (a thread's own read after its write). Thread i of 8 writes scratch[i] = i * i + 1,
// syncs, and reads its neighbour's slot (i + 1) % 8: u0 = ((i + 1) % 8)^2 + 1. After a second
// sync it adds 10 to its own slot, orders it with Barrier(scratch, REORDER_SCOPE) and reads
// it back: u2 = i * i + 11. scratch ends as u2.
// exec: -T cs_6_9 -E main dispatch 1 1 1
// buffer u0 rw uint[8] = 0
// buffer u1 rw uint[8] = 0
// buffer u2 rw uint[8] = 0
// expect u0 = [2, 5, 10, 17, 26, 37, 50, 1]
// expect u1 = [11, 12, 15, 20, 27, 36, 47, 60]
// expect u2 = [11, 12, 15, 20, 27, 36, 47, 60]
// peer-bug glslang: has no SM 6.8 `Barrier` nor its flag constants
RWStructuredBuffer<uint> neighbour : register(u0);
RWStructuredBuffer<uint> scratch : register(u1);
RWStructuredBuffer<uint> own : register(u2);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    scratch[i] = i * i + 1;
    Barrier(UAV_MEMORY, GROUP_SYNC | GROUP_SCOPE | REORDER_SCOPE);
    neighbour[i] = scratch[(i + 1) % 8];
    Barrier(UAV_MEMORY, GROUP_SYNC | GROUP_SCOPE | REORDER_SCOPE);
    scratch[i] += 10;
    Barrier(scratch, REORDER_SCOPE);
    own[i] = scratch[i];
}
