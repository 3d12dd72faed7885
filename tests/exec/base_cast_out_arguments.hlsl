// `(Base)derived` passed to `out` and `inout` parameters (as DXC passes it, an lvalue naming
// the derived value's base fields): the function works on a copy of the base part, which
// goes back into the derived value, its own fields untouched. By hand: d = {u = (1, 2, 3),
// extra = 7}; bump adds 10 to u.z → 13; reset writes u = (4, 5, 6); extra stays 7; a copy's
// u.x set to 9 through an `inout` parameter after another argument.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[9] = 0
// expect u0 = [1, 2, 13, 4, 5, 6, 7, 9, 7]
// peer-bug glslang: does not see a base struct's members through a derived struct
struct Base {
    uint3 u;
};

struct Derived : Base {
    uint extra;
};

void bump(inout Base b) { b.u.z += 10; }
void reset(out Base b) { b.u = uint3(4, 5, 6); }
void set_x(inout Base b, uint v) { b.u.x = v; }

RWStructuredBuffer<uint> dst : register(u0);

[numthreads(1, 1, 1)]
void main() {
    Derived d;
    d.u = uint3(1, 2, 3);
    d.extra = 7;
    bump((Base)d);
    dst[0] = d.u.x;
    dst[1] = d.u.y;
    dst[2] = d.u.z;
    reset((Base)d);
    dst[3] = d.u.x;
    dst[4] = d.u.y;
    dst[5] = d.u.z;
    dst[6] = d.extra;
    Derived shared_derived = d;
    set_x((Base)shared_derived, 9);
    dst[7] = shared_derived.u.x;
    dst[8] = shared_derived.extra;
}
