// A brace list initializing a struct with resource members may be flattened, as DXC takes
// it: each data member takes the items whose components make up its own, each resource one
// item. P holds uint2 a, StructuredBuffer<uint> buf, uint c: {1, 2, src, 7} gives a = (1, 2),
// buf = src, c = 7, and {{3}, 4, src, 5} (a nested list flattened the same way) a = (3, 4),
// c = 5. src (t0) holds 42, so the output is [1, 2, 42, 7, 3, 4, 42, 5].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [42]
// buffer u1 rw uint[8] = 0
// expect u1 = [1, 2, 42, 7, 3, 4, 42, 5]
// peer-bug glslang: rejects a resource inside a struct's brace initializer (HLSL parsing failed)
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

struct P {
    uint2 a;
    StructuredBuffer<uint> buf;
    uint c;
};

[numthreads(1, 1, 1)]
void main() {
    P p = {1, 2, src, 7};
    P q = {{3}, 4, src, 5};
    o[0] = p.a.x; o[1] = p.a.y; o[2] = p.buf[0]; o[3] = p.c;
    o[4] = q.a.x; o[5] = q.a.y; o[6] = q.buf[0]; o[7] = q.c;
}
