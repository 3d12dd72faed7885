// A `static` struct with a resource member, declared without an initializer and given its
// resource by a member assignment in the entry point (DXC's legalization makes the member
// the global buffer): `g.src = second` then reads `second`, scaled by the data member:
// (10, 20, 30) * 3 = (30, 60, 90). The first buffer, never assigned, is not read.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[3] = [1, 2, 3]
// buffer t1 ro uint[3] = [10, 20, 30]
// buffer u2 rw uint[3] = 0
// expect u2 = [30, 60, 90]
// peer-bug glslang: cannot assign a structured buffer to a struct member ("could not create assignment")
StructuredBuffer<uint> first : register(t0);
StructuredBuffer<uint> second : register(t1);
RWStructuredBuffer<uint> dst : register(u2);

struct Source {
    StructuredBuffer<uint> src;
    uint scale;
};
static Source g;

[numthreads(1, 1, 1)]
void main() {
    g.src = second;
    g.scale = 3;
    for (uint i = 0; i < 3; i++)
        dst[i] = g.src[i] * g.scale;
}
