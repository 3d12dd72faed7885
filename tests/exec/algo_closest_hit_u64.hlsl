// Closest-hit resolution with 64-bit atomics, as visibility-buffer and ray-query
// compaction code does: one thread per (ray, box) pair (8 rays along +z, 16 boxes) runs a
// slab test, packs a hit as (asuint(t) << 32) | box id in a uint64_t (t >= 0, so the
// integer order is the float order, and ties go to the lower id), and merges it into the
// ray's slot with InterlockedMin on a RWStructuredBuffer<uint64_t> that starts at all ones
// (no hit). Entry distances are box faces minus a zero origin: exact.
// Expected values: tests/exec/algo/models.py (closest_hit_u64).
// requires int64 int64-atomics
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u2 rw uint64_t[8] = 0xFFFFFFFFFFFFFFFF
// peer-bug glslang: does not compile 64-bit integer code (see int64_signed)
// xfail hlslc-wgsl: 64-bit atomics on buffer words need a second variable at the binding, which WGSL does not allow (E0803, see structured_interlocked_64bit)
// buffer t0 ro float[96] = [-0.5, -0.5, 16, 1.75, 1.25, 17.5, 3.5, 3.5, 8, 5.75, 5.25, 9.5,
//     1.5, 0.5, 9, 3.75, 2.25, 10.5, 3.5, 1.5, 5, 5.75, 3.25, 6.5,
//     -0.5, 3.5, 15, 1.75, 5.25, 16.5, 2.5, 4.5, 15, 4.75, 6.25, 16.5,
//     -0.5, -0.5, 19, 1.75, 1.25, 20.5, 3.5, 2.5, 17, 5.75, 4.25, 18.5,
//     -0.5, 3.5, 13, 1.75, 5.25, 14.5, 1.5, 1.5, 13, 3.75, 3.25, 14.5,
//     1.5, 2.5, 7, 3.75, 4.25, 8.5, 2.5, 2.5, 5, 4.75, 4.25, 6.5,
//     3.5, 3.5, 19, 5.75, 5.25, 20.5, 4.5, 1.5, 12, 6.75, 3.25, 13.5,
//     -0.5, 2.5, 16, 1.75, 4.25, 17.5, 3.5, 4.5, 9, 5.75, 6.25, 10.5]
// buffer t1 ro float2[8] = [0.25, 0.5, 1.75, 0.5, 3.25, 0.5, 4.75, 0.5, 0.25, 2.5, 1.75, 2.5, 3.25, 2.5, 4.75, 2.5]
// expect u2 = [0x4180000000000000, 0x4110000000000002, 0x4110000000000002, 0xFFFFFFFFFFFFFFFF,
//     0x418000000000000E, 0x40E000000000000A, 0x40A000000000000B, 0x40A0000000000003]
struct Box {
    float3 lo;
    float3 hi;
};

StructuredBuffer<Box> Boxes : register(t0);
StructuredBuffer<float2> Rays : register(t1);
RWStructuredBuffer<uint64_t> Closest : register(u2);

bool slab(float2 origin, Box b, out float t) {
    t = b.lo.z;                         // origin z = 0, direction (0, 0, 1)
    return all(origin >= b.lo.xy) && all(origin <= b.hi.xy) && t >= 0;
}

[numthreads(16, 8, 1)]
void main(uint3 tid : SV_GroupThreadID) {
    uint box = tid.x, ray = tid.y;
    float t;
    if (slab(Rays[ray], Boxes[box], t)) {
        uint64_t key = ((uint64_t)asuint(t) << 32) | box;
        InterlockedMin(Closest[ray], key);
    }
}
