// Structs with both resources and data members (DXC's legalization): a function returning
// such a struct returns its data and the call site resolves its resource; the struct passed
// on to a function; methods called on it (`this` bound like a resource parameter) and one
// copying `this`. Expected values by hand from a = [1, 2, 3, 4], b = [10, 20, 30, 40] and
// extra = 9: o[0] = a[(9 - 8) + 2] = 4; o[1] = b[0 + 1] = 20; o[2] = v.at(0) = a[1 + 0] = 2;
// o[3] = v.moved(2).at(0) = a[1 + 2] = 4.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// cbuffer b4 = u32 [9]
// buffer u3 rw uint[4] = 0
// expect u3 = [4, 20, 2, 4]
// peer-bug glslang: rejects assigning a resource to a struct member (`v.buf = source;`: "could not create assignment")
StructuredBuffer<uint> a : register(t0);
StructuredBuffer<uint> b : register(t1);
RWStructuredBuffer<uint> o : register(u3);

cbuffer Params : register(b4) {
    uint extra;
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
    View v = make_view(a, extra - 8);
    o[0] = read(v, 2);
    o[1] = read(make_view(b, 0), 1);
    o[2] = v.at(0);
    View w = v.moved(2);
    o[3] = w.at(0);
}
