// Resources resolved after DXC's unrolling and constant propagation: an `[unroll]` loop
// indexing a local resource array with its counter, a resource variable chosen by a
// condition on the counter, an unrolled loop left by `break` at a run-time condition, a
// `switch` on a `static const` selector, and a function returning a resource chosen by its
// constant argument (one specialisation per value). Expected values by hand from
// a = [1, 2, 3, 4], b = [10, 20, 30, 40], c = [100, 200, 300, 400], g_cond = 2 and
// id.x = 0: o[0] = a[0] + b[1] + c[2] = 321; o[1..4] = a[0], a[1], c[2], c[3] =
// 1, 2, 300, 400; o[5] = c[3] = 400 (the copy for k == g_cond); o[6] = b[2] = 30
// (kCase == 1); o[7] = a[1] + c[1] + b[0] = 212; o[8] = c[1] = 200 (a branch on locals that
// keep their constant initializers: w = (10 + 5) * 2 >= 0); o[9] = b[2] + c[0] = 130 (a function
// returning from a `switch` on its constant argument; 5 falls to the `return` after it);
// o[10] = a[3] + b[3] = 44 (an `[unroll]` loop bounded by a local that keeps its initializer 2);
// o[11] = bufs[slot(0)][0] + bufs[slot(1)][1] = c[0] + a[1] = 102 (a call on constants
// evaluated at compile time to index the local resource array); o[12] = a[2] = 3 (a branch on
// a component of a vector local that keeps its constant initializer: v = (10, 20) * 2 +
// (5, -60) = (25, -20), so v.y >= 0 is false and v[0] > 20 true: u = b, then a).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// buffer t2 ro uint[4] = [100, 200, 300, 400]
// cbuffer b4 = u32 [2]
// buffer u3 rw uint[13] = 0
// expect u3 = [321, 1, 2, 300, 400, 400, 30, 212, 200, 130, 44, 102, 3]
// peer-bug glslang: rejects a local array of structured buffers (`bufs[3] = { a, b, c }`: "buffer aliasing not yet supported")
StructuredBuffer<uint> a : register(t0);
StructuredBuffer<uint> b : register(t1);
StructuredBuffer<uint> c : register(t2);
RWStructuredBuffer<uint> o : register(u3);
cbuffer Params : register(b4) {
    uint g_cond;
};

static const int kCase = 1;

StructuredBuffer<uint> pick(int which) {
    if (which == 0) {
        return a;
    } else if (which == 1) {
        return b;
    }
    return c;
}

StructuredBuffer<uint> pick_switch(uint i) {
    switch (i) {
        case 0:
            return a;
        case 1:
            return b;
    }
    return c;
}

uint slot(uint k) {
    switch (k) {
        case 0:
            return 2;
        case 1:
            return 0;
    }
    return 1;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<uint> bufs[3] = { a, b, c };
    uint sum = 0;
    [unroll]
    for (uint j = 0; j < 3; j++) {
        sum += bufs[j][j + id.x];
    }
    o[0] = sum;
    [unroll]
    for (int i = 0; i < 4; i++) {
        StructuredBuffer<uint> s = a;
        if (i >= 2) {
            s = c;
        }
        o[1 + i] = s[i];
    }
    [unroll]
    for (uint k = 0; k < 3; k++) {
        if (k == g_cond) {
            o[5] = bufs[k][3];
            break;
        }
    }
    StructuredBuffer<uint> sw;
    switch (kCase) {
        case 0:
            sw = a;
            break;
        case 1:
            sw = b;
            break;
        default:
            sw = c;
            break;
    }
    o[6] = sw[2];
    o[7] = pick(0)[1] + pick(2)[1] + pick(1)[0];
    float x = 10;
    float w = (x + 5) * 2;
    StructuredBuffer<uint> t = a;
    if (w >= 0) {
        t = c;
    }
    o[8] = t[1];
    o[9] = pick_switch(1)[2] + pick_switch(5)[0];
    uint count = 2;
    uint total = 0;
    [unroll]
    for (uint n = 0; n < count; n++) {
        total += bufs[n][3];
    }
    o[10] = total;
    o[11] = bufs[slot(0)][0] + bufs[slot(1)][1];
    float2 v = float2(10, 20) * 2 + float2(5, -60);
    StructuredBuffer<uint> u = c;
    if (v.y >= 0) {
        u = a;
    } else {
        u = b;
    }
    if (v[0] > 20) {
        u = a;
    }
    o[12] = u[2];
}
