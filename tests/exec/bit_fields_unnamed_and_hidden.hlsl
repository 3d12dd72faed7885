// Unnamed bit-fields take their bits as padding (`uint : 4;`), one of width 0 closes the
// storage unit (`uint : 0;`, the next bit-field starts a new `uint`), and a bit-field of a
// derived struct hides the base's member of the same name, as in C++ and DXC. The words are
// read back raw: P packs a = 3 in bits 0-3, padding 4-7, b = 0x5A in bits 8-15 (0x5A03),
// then c = 1 in a unit of its own; D holds B's f1 = 1 (set through B's method) in B's unit
// and its own f1 = 2 in a unit of its own (a base is a separate subobject, as in the
// Microsoft layout DXC follows), then d.f1 reads D's, 2.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [23043, 1, 1, 2]
// peer-bug glslang: has no bit-fields
struct P {
    uint a : 4;
    uint : 4;
    uint b : 8;
    uint : 0;
    uint c : 1;
};

struct B {
    uint f1 : 1;
    void set_base() { f1 = 1; }
};

struct D : B {
    uint f1 : 2;
};

RWByteAddressBuffer dst : register(u0);

[numthreads(1, 1, 1)]
void main() {
    P p = (P)0;
    p.a = 3;
    p.b = 0x5A;
    p.c = 1;
    dst.Store(0, p);
    D d = (D)0;
    d.set_base();
    d.f1 = 2;
    dst.Store(8, d);
    dst.Store(12, d.f1);
}
