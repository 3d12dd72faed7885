// Static members, nested structs and type aliases belong to their struct, as in C++: two structs
// may each declare `static const uint Count` and a nested `struct Packed` (the spherical-
// harmonics helpers of real engines do this), the nested struct sees its enclosing struct's
// statics, and methods defined out of line (`L1::Packed::Sum()`) resolve them too. A `const`
// written after the type (`uint const x`) is the same as before it. Expected by hand:
// A::Count = 2, B::Count = 3; A packs {1, 2}, B packs {3, 4, 5};
// out = [A::Count, B::Count, A sum 3, B sum 12, A::Packed size 2, B::Packed size 3, 7].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[7] = 0
// expect u0 = [2, 3, 3, 12, 2, 3, 7]
// peer-bug glslang: no type aliases or static members inside structs (its HLSL grammar rejects them)
struct A {
    static const uint Count = 2;
    using Word = uint;
    struct Packed {
        Word w[Count];
        uint Sum();
    };
    Packed Pack(uint first) {
        Packed p;
        for (uint i = 0; i < Count; ++i) p.w[i] = first + i;
        return p;
    }
};

struct B {
    static const uint Count = 3;
    struct Packed {
        uint w[Count];
        uint Sum();
    };
    Packed Pack(uint first) {
        Packed p;
        for (uint i = 0; i < Count; ++i) p.w[i] = first + i;
        return p;
    }
};

uint A::Packed::Sum() {
    uint s = 0;
    for (uint i = 0; i < Count; ++i) s += w[i];
    return s;
}

uint B::Packed::Sum() {
    uint s = 0;
    for (uint i = 0; i < Count; ++i) s += w[i];
    return s;
}

uint Twice(uint const x) { return 2 * x; }

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
    A a;
    B b;
    A::Packed pa = a.Pack(1);
    B::Packed pb = b.Pack(3);
    Out[0] = A::Count;
    Out[1] = B::Count;
    Out[2] = pa.Sum();
    Out[3] = pb.Sum();
    Out[4] = sizeof(A::Packed) / 4;
    Out[5] = sizeof(B::Packed) / 4;
    uint const seven = Twice(3) + 1;
    Out[6] = seven;
}
