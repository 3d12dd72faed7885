// A struct with a resource and data members declared in a `cbuffer`: its data stay in that
// constant buffer (the struct's layout without the resource, so `p` starts at c1: offset 16
// and 20), its resource becomes a global of its own (the first free register, t0). Expected values by
// hand from p.buf = [100, 200, 300, 400], extra = 9, p.offset = 2, p.scale = 3:
// o[0] = p.buf[2] * 3 = 900; o[1] = 9 + 2 = 11.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [100, 200, 300, 400]
// cbuffer b4 = u32 [9, 0, 0, 0,  2, 3, 0, 0]
// buffer u3 rw uint[2] = 0
// expect u3 = [900, 11]
// xfail hlslc-spirv: DXC's SPIR-V back end rejects structs with both resources and data in constant buffers, and hlslc with it (E0683)
// peer-bug glslang: rejects a structured buffer as a member of a struct in a cbuffer
RWStructuredBuffer<uint> o : register(u3);

struct Pair {
    StructuredBuffer<uint> buf;
    uint offset;
    uint scale;
};

cbuffer Params : register(b4) {
    uint extra;
    Pair p;
};

[numthreads(1, 1, 1)]
void main() {
    o[0] = p.buf[p.offset] * p.scale;
    o[1] = extra + p.offset;
}
