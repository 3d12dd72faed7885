// A bool read from memory is true for any non-zero 32-bit word, not only 1 (DXC loads the
// word and compares it with 0): StructuredBuffer<bool> elements, bool and bool2 members of
// a structured struct, cbuffer bools and ByteAddressBuffer Load<bool>/Load<bool2>. Words
// 0, 1, 2, 0xFFFFFFFF, 0x80000000 read as false, true, true, true, true; each lane writes
// (b ? 1 : 0) + 10·(uint)b + 100·(b == true), so 111 for true and 0 for false.
// exec: -T cs_6_2 -E main dispatch 1 1 1
// buffer t0 ro uint[5] = [0, 1, 2, 0xFFFFFFFF, 0x80000000]
// buffer t1 ro uint[8] = [7, 2, 0, 0x40000000,  9, 0, 3, 1]
// cbuffer b2 = u32 [2, 0, 0x10, 0]
// buffer t4 ro uint[5] = [0, 1, 2, 0xFFFFFFFF, 0x80000000]
// buffer u3 rw uint[15] = 0
// expect u3 = [0, 111, 111, 111, 111,  111, 0, 111,  0, 111, 111,  111, 0, 111, 111]
// peer-bug glslang: no templated Load<T> (`Load` : no such field)
struct Rec {
    uint a;
    bool b;
    bool2 c;
};

StructuredBuffer<bool> flags : register(t0);
StructuredBuffer<Rec> recs : register(t1);
cbuffer C : register(b2) {
    bool cb0;
    bool cb1;
    bool cb2;
};
ByteAddressBuffer raw : register(t4);
RWStructuredBuffer<uint> o : register(u3);

uint code(bool b) { return (b ? 1 : 0) + 10 * (uint)b + 100 * (b == true); }

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 5; ++i)
        o[i] = code(flags[i]);
    o[5] = code(recs[0].b);
    o[6] = code(recs[0].c.x);
    o[7] = code(recs[0].c.y);
    o[8] = code(recs[1].b);
    o[9] = code(recs[1].c.x);
    o[10] = code(recs[1].c.y);
    o[11] = code(cb0);
    o[12] = code(cb1);
    o[13] = code(cb2);
    bool2 r = raw.Load<bool2>(12);
    o[14] = code(r.x && r.y);
}
