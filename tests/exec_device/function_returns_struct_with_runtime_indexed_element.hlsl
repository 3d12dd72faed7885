// Functions returning structs whose resource members are elements of a resource array chosen at
// run time (the D3D12 Raytracing Fallback Layer's emulated pointers, `p.buffer =
// Table[NonUniformResourceIndex(i)]; return p;`): each such member's index goes back to the
// caller with the struct's data, and the caller's uses index the global array with it. Three
// byte-address buffers Table[k] hold words 100 k + w (w = 0..3). Thread t (0..3):
//   - `Make(t % 3, t)` → { Table[t % 3], offset 4 t }: the caller reads word t and stores it
//     back plus 1000: Table[0] w0 0 → 1000, Table[1] w1 101 → 1101, Table[2] w2 202 → 1202,
//     Table[0] w3 3 → 1003 (each word only written by its thread, and no other read below
//     touches these four words).
//   - `Pick(t)`, two `return`s choosing different elements, one passing `Make`'s struct on:
//     t >= 2 → { Table[t - 2], offset 4 (t - 1) }: t 2 Table[0] w1 = 1, t 3 Table[1] w2 = 102;
//     else `Make(t + 1, t + 2)`: t 0 Table[1] w2 = 102, t 1 Table[2] w3 = 203.
//   - `Both(t)`, nested structs with two chosen members: a = Make(1 + t % 2, 0) → 100 (t even)
//     or 200 (t odd); b = Make(2 - t % 2, 3) → 203 (even) or 103 (odd), plus tag = t:
//     t 0 203, t 1 104, t 2 205, t 3 106.
//   - `Get(1 + t % 2)`, a struct of the buffer alone (no data), read at word 2 - t % 2:
//     even Table[1] w2 = 102, odd Table[2] w1 = 201.
//   - `static Pointer gp = Make(k, 3)` with k = 2 from a cbuffer (a global initializer: the
//     call's result in a hidden `static`, initialised before `gp`'s data): Table[2] w3 = 203,
//     written by thread 0 to out[16].
// out[4 t ..] = [Pick, Both.a, Both.b + tag, Get].
// requires binding-array
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0[0] rw uint[4] = iota 0
// buffer u0[1] rw uint[4] = iota 100
// buffer u0[2] rw uint[4] = iota 200
// cbuffer b5 space1 = u32 [2]
// buffer u4 rw uint[17] = 0
// expect u0[0] = [1000, 1, 2, 1003]
// expect u0[1] = [100, 1101, 102, 103]
// expect u0[2] = [200, 201, 1202, 203]
// expect u4 = [102, 100, 203, 102,  203, 200, 104, 201,  1, 100, 205, 102,  102, 200, 106, 201,  203]
// peer-bug glslang: glslang's HLSL front end has no NonUniformResourceIndex ("no matching overloaded function found")
RWByteAddressBuffer Table[3] : register(u0);
RWByteAddressBuffer output : register(u4);
cbuffer Constants : register(b5, space1) { uint k; };

struct Pointer {
    RWByteAddressBuffer buffer;
    uint offset;
};

struct Pair {
    Pointer a;
    Pointer b;
    uint tag;
};

struct Only {
    RWByteAddressBuffer buffer;
};

Pointer Make(uint i, uint w) {
    Pointer p;
    p.buffer = Table[NonUniformResourceIndex(i)];
    p.offset = 4 * w;
    return p;
}

Pointer Pick(uint t) {
    if (t >= 2) {
        Pointer q;
        q.buffer = Table[NonUniformResourceIndex(t - 2)];
        q.offset = 4 * (t - 1);
        return q;
    }
    return Make(t + 1, t + 2);
}

Pair Both(uint t) {
    Pair r;
    r.a = Make(1 + t % 2, 0);
    r.b = Make(2 - t % 2, 3);
    r.tag = t;
    return r;
}

Only Get(uint i) {
    Only o;
    o.buffer = Table[NonUniformResourceIndex(i)];
    return o;
}

static Pointer gp = Make(k, 3);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint t = id.x;
    Pointer p = Make(t % 3, t);
    p.buffer.Store(p.offset, p.buffer.Load(p.offset) + 1000);
    Pointer q = Pick(t);
    Pair r = Both(t);
    Only o = Get(1 + t % 2);
    output.Store(16 * t, q.buffer.Load(q.offset));
    output.Store(16 * t + 4, r.a.buffer.Load(r.a.offset));
    output.Store(16 * t + 8, r.b.buffer.Load(r.b.offset) + r.tag);
    output.Store(16 * t + 12, o.buffer.Load(4 * (2 - t % 2)));
    if (t == 0) {
        output.Store(64, gp.buffer.Load(gp.offset));
    }
}
