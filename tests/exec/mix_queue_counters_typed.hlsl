// A job queue pass as GPU-driven renderers write it: 16 threads each `Consume` a job (id,
// value) from a ConsumeStructuredBuffer holding 24 (its counter 24 → 8: elements 8..23 are
// taken, which thread gets which is up to the device), read the job's parameters from a typed
// `Buffer<uint4>` at id & 3, and write a `float2` result to a typed `RWBuffer<float2>` at the
// job's id (so the results do not depend on the order). Jobs whose value is a multiple of 3
// claim a slot with `IncrementCounter` on one structured buffer (the slots claimed are 0..n-1,
// each marked 1; their sum n(n-1)/2 goes through InterlockedAdd); the others return one with
// `DecrementCounter` on another (counter 16; each gets the value after the decrement, summed).
// Also summed: accepted ids; InterlockedMax: the largest id consumed. Result of job (id, v)
// with p = Params[id & 3]: (v p.x + p.y, (v >> p.w) / p.z). Hidden counter bindings follow
// the declared ones (0..5) in declaration order: Jobs → 6, Slots → 7, Spare → 8.
// Expected values: tests/exec/mix/models.py (queue_counters_typed).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// buffer u1 rw uint2[24] = [5, 11, 17, 48, 0, 35, 22, 22, 9, 9, 13, 46, 2, 33, 20, 20, 11, 7, 7,
//     44, 18, 31, 1, 18, 23, 5, 14, 42, 4, 29, 10, 16, 19, 3, 3, 40, 16, 27, 8, 14, 21, 1, 6, 38,
//     15, 25, 12, 12]
// buffer u2 rw uint[16] = 0
// buffer u3 rw uint[4] = 0
// buffer t4 ro uint4[4] = [3, 1, 2, 0,  1, 0, 4, 1,  5, 2, 8, 2,  2, 7, 1, 3]
// buffer u5 rw float2[24] = 0
// buffer u6 rw uint[1] = 24
// buffer u7 rw uint[1] = 0
// buffer u8 rw uint[1] = 16
// expect u0 = [10, 62, 110, 23]
// expect u1 = [5, 11, 17, 48, 0, 35, 22, 22, 9, 9, 13, 46, 2, 33, 20, 20, 11, 7, 7, 44, 18, 31, 1,
//     18, 23, 5, 14, 42, 4, 29, 10, 16, 19, 3, 3, 40, 16, 27, 8, 14, 21, 1, 6, 38, 15, 25, 12, 12]
// expect u2 = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u3 = [0, 0, 0, 0]
// expect u5 = [0, 0, 18, 2.25, 0, 0, 87, 5, 88, 14.5, 0, 0, 192, 1.125, 95, 5, 43, 7, 0, 0, 82,
//     0.5, 21, 0, 37, 6, 0, 0, 212, 1.25, 57, 3, 82, 13.5, 0, 0, 157, 0.875, 13, 0, 0, 0, 1, 0, 0,
//     0, 17, 0]
// expect u6 = [8]
// expect u7 = [5]
// expect u8 = [5]
// peer-bug glslang: crashes the driver: declares Buffer<T> as a texel buffer, which lavapipe cannot bind as the storage buffer WebGPU needs (typed_buffer_elements)
RWStructuredBuffer<uint> Stats : register(u0);
ConsumeStructuredBuffer<uint2> Jobs : register(u1);
RWStructuredBuffer<uint> Slots : register(u2);
RWStructuredBuffer<uint> Spare : register(u3);
Buffer<uint4> Params : register(t4);
RWBuffer<float2> Results : register(u5);

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint2 job = Jobs.Consume();
    uint4 p = Params[job.x & 3];
    Results[job.x] = float2(job.y * p.x + p.y, (float)(job.y >> p.w) / p.z);
    if (job.y % 3 == 0) {
        uint slot = Slots.IncrementCounter();
        Slots[slot] = 1;
        InterlockedAdd(Stats[0], slot);
        InterlockedAdd(Stats[1], job.x);
    } else {
        uint left = Spare.DecrementCounter();
        InterlockedAdd(Stats[2], left);
    }
    InterlockedMax(Stats[3], job.x);
}
