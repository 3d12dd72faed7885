// Resource variables that run-time control flow points at different elements of one global
// resource array: DXC turns the join of their handles into a join of indices, and so does
// hlslc (a hidden index local stored at each assignment, the array indexed by it at the
// join): an `if`/`else` on a constant-buffer value, a loop rebinding the variable to
// `bufs[k]` with its counter and a use after the loop, a joined variable passed to a
// function, and a function returning different elements on run-time paths (it returns the
// element's index, the call indexes the array). Expected values by hand from
// bufs[0] = [1, 2, 3, 4], bufs[1] = [10, 20, 30, 40], bufs[2] = [100, 200, 300, 400] and
// g_sel = 2: thread i writes o[i] = bufs[2][i] (g_sel > 1), o[4 + i] = bufs[1][i] (the last
// iteration has k = g_sel - 1 = 1), o[8 + i] = bufs[0][i] (g_sel == 2 rebinds bufs[1] to
// bufs[0]), o[12 + i] = bufs[2][i] (pick(g_sel) with g_sel > 1), o[16 + i] = bufs[1][i] (a
// `switch` on g_sel: case 2, though the last case assigns what `s` held before) and
// o[20 + i] = bufs[2][i] (a loop left by `break` at n = 1 right after `w = bufs[2]`: the
// value at the `break`, not the one at the end of the body, which is the one before the loop).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0[0] ro uint[4] = [1, 2, 3, 4]
// buffer t0[1] ro uint[4] = [10, 20, 30, 40]
// buffer t0[2] ro uint[4] = [100, 200, 300, 400]
// cbuffer b1 space1 = u32 [2]
// buffer u2 rw uint[24] = 0
// expect u2 = [100, 200, 300, 400, 10, 20, 30, 40, 1, 2, 3, 4, 100, 200, 300, 400, 10, 20, 30, 40, 100, 200, 300, 400]
// peer-bug glslang: rejects assigning a resource to a resource variable (`t = bufs[2];`: "could not create assignment")
StructuredBuffer<uint> bufs[3] : register(t0);
cbuffer Params : register(b1, space1) {
    uint g_sel;
};
RWStructuredBuffer<uint> o : register(u2);

uint read(StructuredBuffer<uint> b, uint i) {
    return b[i];
}

StructuredBuffer<uint> pick(uint c) {
    if (c > 1) {
        return bufs[2];
    }
    return bufs[1];
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    StructuredBuffer<uint> t;
    if (g_sel > 1) {
        t = bufs[2];
    } else {
        t = bufs[0];
    }
    o[i] = t[i];

    StructuredBuffer<uint> l = bufs[0];
    for (uint k = 0; k < g_sel; k++) {
        l = bufs[k];
    }
    o[4 + i] = l[i];

    StructuredBuffer<uint> f = bufs[1];
    if (g_sel == 2) {
        f = bufs[0];
    }
    o[8 + i] = read(f, i);

    o[12 + i] = pick(g_sel)[i];

    StructuredBuffer<uint> s = bufs[2];
    switch (g_sel) {
        case 2:
            s = bufs[1];
            break;
        default:
            s = bufs[2];
            break;
    }
    o[16 + i] = s[i];

    StructuredBuffer<uint> w = bufs[0];
    for (uint n = 0; n < 3; n++) {
        w = bufs[2];
        if (n == g_sel - 1) {
            break;
        }
        w = bufs[0];
    }
    o[20 + i] = w[i];
}
