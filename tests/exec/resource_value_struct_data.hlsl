// Structs with both resources and data members (DXC's legalization): a struct member of a
// `cbuffer` keeps its data in the buffer (the struct's layout without the resource, so `p`
// starts at c1: offset 16 and 20) while its resource becomes a global of its own (the next
// free register, t2); a function returning such a struct returns its data and the call
// site resolves its resource; the struct passed on to a function. Expected values by hand
// from a = [1, 2, 3, 4], b = [10, 20, 30, 40], p.buf = [100, 200, 300, 400], extra = 9,
// p.offset = 2, p.scale = 3: o[0] = p.buf[2] * 3 = 900; o[1] = a[(9 - 8) + 2] = 4;
// o[2] = b[0 + 1] = 20; o[3] = 9 + 2 = 11; o[4] = v.at(0) = a[1 + 0] = 2 (a method on the
// struct: `this` bound like a resource parameter); o[5] = v.moved(2).at(0) = a[1 + 2] = 4 (a
// method copying `this` and returning the copy).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// buffer t2 ro uint[4] = [100, 200, 300, 400]
// cbuffer b4 = u32 [9, 0, 0, 0,  2, 3, 0, 0]
// buffer u3 rw uint[6] = 0
// expect u3 = [900, 4, 20, 11, 2, 4]
// peer-bug glslang: rejects assigning a resource to a struct member (`v.buf = source;`: "could not create assignment")
StructuredBuffer<uint> a : register(t0);
StructuredBuffer<uint> b : register(t1);
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

struct View {
    StructuredBuffer<uint> buf;
    uint base;

    uint at(uint i) {
        return buf[base + i];
    }

    View moved(uint by) {
        View copy = this;
        copy.base = base + by;
        return copy;
    }
};

View make_view(StructuredBuffer<uint> source, uint base) {
    View v;
    v.buf = source;
    v.base = base;
    return v;
}

uint read(View v, uint i) {
    return v.buf[v.base + i];
}

[numthreads(1, 1, 1)]
void main() {
    o[0] = p.buf[p.offset] * p.scale;
    View v = make_view(a, extra - 8);
    o[1] = read(v, 2);
    o[2] = read(make_view(b, 0), 1);
    o[3] = extra + p.offset;
    o[4] = v.at(0);
    View w = v.moved(2);
    o[5] = w.at(0);
}
