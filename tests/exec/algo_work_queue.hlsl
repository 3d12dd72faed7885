// A work queue: 32 threads each Consume one task from a ConsumeStructuredBuffer (a
// shuffled list of task ids 100..131), process it, Append (task, result) to an
// AppendStructuredBuffer and also store the result at slot task - 100; sums of results
// and of task ids go through InterlockedAdd. Which thread gets which task, and the append
// order, are up to the device, so the appended records are not compared (`_`) but the
// counters are (consume: 32 -> 0, append: 0 -> 32), and so are the per-task slots and
// the consumed buffer (Consume leaves its contents alone).
// Hidden counter bindings follow the declared ones in declaration order: Tasks -> 4,
// Results -> 5 (see append_consume_counters).
// Expected values: tests/exec/algo/models.py (work_queue).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint2[32] = 0
// buffer u2 rw uint[32] = 0
// buffer u3 rw uint[2] = 0
// buffer u4 rw uint[1] = 32
// buffer u5 rw uint[1] = 0
// buffer u0 rw uint[32] = [127, 120, 109, 103, 131, 130, 108, 123, 111, 115, 104, 116, 102, 105, 121, 118,
//     129, 101, 125, 107, 122, 117, 126, 100, 114, 113, 119, 124, 128, 106, 112, 110]
// expect u0 = [127, 120, 109, 103, 131, 130, 108, 123, 111, 115, 104, 116, 102, 105, 121, 118,
//     129, 101, 125, 107, 122, 117, 126, 100, 114, 113, 119, 124, 128, 106, 112, 110]
// expect u2 = [315, 319, 319, 326, 328, 330, 332, 340, 344, 345, 348, 351, 350, 357, 356, 360,
//     360, 370, 371, 372, 371, 375, 387, 382, 391, 390, 398, 401, 398, 403, 406, 410]
// expect u3 = [11605, 3696]
// expect u1 = [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _]
// expect u4 = [0]
// expect u5 = [32]
// peer-bug glslang: numbers the counter bindings differently (see append_consume_counters)
ConsumeStructuredBuffer<uint> Tasks : register(u0);
AppendStructuredBuffer<uint2> Results : register(u1);
RWStructuredBuffer<uint> ByTask : register(u2);
RWStructuredBuffer<uint> Sums : register(u3);

uint process(uint task) {
    return countbits(task * 2654435761u) + 3 * task;
}

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint task = Tasks.Consume();
    uint result = process(task);
    Results.Append(uint2(task, result));
    ByTask[task - 100] = result;
    InterlockedAdd(Sums[0], result);
    InterlockedAdd(Sums[1], task);
}
