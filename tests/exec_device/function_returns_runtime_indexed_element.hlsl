// A function returning an element of a resource array chosen at run time (Wicked Engine's
// bindless `GetTexture()` pattern): the call evaluates the index where the callee computes it
// and the caller indexes the array with it. Three structured buffers at t0 hold iota data
// from 0, 100 and 200 (uint elements). Thread t:
//   - `Material::Elements()` (a method reading its member `slot = t % 3`) → element t of sb[t % 3]:
//     100 (t % 3) + t → 0, 101, 202, 3
//   - `pick(t)`: returns sb[t - 1] for t > 1, else sb[base + t] with base = 1 (cbuffer)
//     element 0 → t 0: sb[1] 100, t 1: sb[2] 200, t 2: sb[1] 100, t 3: sb[2] 200
//   - the call with side effects runs once: `bump()` increments counter[0] and returns
//     sb[counter value before, % 3]; one call per thread reads element 1 → each thread's
//     value is 100 k + 1 for its own k in {0, 1, 2, 3 % 3}; the sum over the four threads is
//     (1 + 101 + 201 + 1) = 304 whatever the order the atomics run in, written by thread 0
//     after a barrier as the total of a groupshared sum.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0[0] ro uint[4] = iota 0
// buffer t0[1] ro uint[4] = iota 100
// buffer t0[2] ro uint[4] = iota 200
// cbuffer b3 space1 = u32 [1]
// buffer u4 rw uint[1] = 0
// buffer u5 rw uint[9] = 0
// expect u4 = [4]
// expect u5 = [0, 101, 202, 3,  100, 200, 100, 200,  304]
// peer-bug glslang: glslang's HLSL front end has no NonUniformResourceIndex ("no matching overloaded function found")
StructuredBuffer<uint> sb[3] : register(t0);
cbuffer Constants : register(b3, space1) { uint base; };
RWStructuredBuffer<uint> counter : register(u4);
RWStructuredBuffer<uint> dst : register(u5);
groupshared uint total;

struct Material {
    uint slot;
    StructuredBuffer<uint> Elements() { return sb[NonUniformResourceIndex(slot)]; }
};

StructuredBuffer<uint> pick(uint t) {
    if (t > 1) {
        return sb[NonUniformResourceIndex(t - 1)];
    }
    return sb[NonUniformResourceIndex(base + t)];
}

StructuredBuffer<uint> bump() {
    uint k;
    InterlockedAdd(counter[0], 1, k);
    return sb[NonUniformResourceIndex(k % 3)];
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    if (t == 0) total = 0;
    GroupMemoryBarrierWithGroupSync();
    Material m;
    m.slot = t % 3;
    dst[t] = m.Elements()[t];
    StructuredBuffer<uint> p = pick(t);
    dst[4 + t] = p[0];
    uint v = bump()[1];
    InterlockedAdd(total, v);
    GroupMemoryBarrierWithGroupSync();
    if (t == 0) dst[8] = total;
}
