// An initializer list gives unnamed bit-fields a value too, which is dropped (DXC counts
// them among a struct's members): Q's list is a = 3, padding (15, dropped), b = 0x5A, the
// zero-width one (99, dropped), c = 1, so its words are 3 | 0x5A << 8 = 0x5A03 = 23043 (not
// 0x5AF3: the padding stays zero) and 1. T holds two of S (`int id : 32; int : 0;`), two
// values each: {5, 0}, {6, 0} give ids 5 and 6.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [23043, 1, 5, 6]
// peer-bug glslang: has no bit-fields
struct Q {
    uint a : 4;
    uint : 4;
    uint b : 8;
    uint : 0;
    uint c : 1;
};

struct S {
    int id : 32;
    int : 0;
};

struct T {
    S first;
    S second;
};

RWByteAddressBuffer dst : register(u0);

[numthreads(1, 1, 1)]
void main() {
    Q q = { 3, 15, 0x5A, 99, 1 };
    dst.Store(0, q);
    T t = { { 5, 0 }, { 6, 0 } };
    dst.Store(8, t.first.id);
    dst.Store(12, t.second.id);
}
