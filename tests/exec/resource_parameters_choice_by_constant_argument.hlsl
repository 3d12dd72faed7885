// A function taking resources, called with a constant argument that decides which of them
// it uses: its specialisation without constants cannot resolve the choice (E0707), so it is
// specialised per constant argument instead, as DXC folds the argument after inlining.
// `read_var` rebinds a resource variable under `if (i == 1)`; `read_member` uses a struct's
// unassigned member only in the operand of `?:` its constant condition does not choose (dead
// code DXC removes, no error). Expected values by hand from a = [1, 2, 3, 4],
// b = [10, 20, 30, 40] and k = 1 (a run-time index): o[0] = read_var(0, a, b, k) = a[1] = 2;
// o[1] = read_var(1, a, b, k) = b[1] = 20; o[2] = read_member(1, {a, unset}, 3) = a[3] = 4;
// o[3] = read_var(1, b, a, 2) = a[2] = 3.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// buffer u2 rw uint[4] = 0
// expect u2 = [2, 20, 4, 3]
// peer-bug glslang: rejects a buffer variable initialised from a parameter ("buffer aliasing not yet supported")
StructuredBuffer<uint> a : register(t0);
StructuredBuffer<uint> b : register(t1);
RWStructuredBuffer<uint> o : register(u2);

struct Pair {
    StructuredBuffer<uint> first;
    StructuredBuffer<uint> second;
};

uint read_var(int i, StructuredBuffer<uint> x, StructuredBuffer<uint> y, uint k) {
    StructuredBuffer<uint> r = x;
    if (i == 1) {
        r = y;
    }
    return r[k];
}

uint read_member(uint use_first, Pair p, uint k) {
    return use_first ? p.first[k] : p.second[k];
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint k = id.x + 1;
    o[0] = read_var(0, a, b, k);
    o[1] = read_var(1, a, b, k);
    Pair p;
    p.first = a;
    o[2] = read_member(1, p, 3);
    o[3] = read_var(1, b, a, 2);
}
