// Resources resolved after DXC's unrolling and constant propagation: an `[unroll]` loop
// indexing a local resource array with its counter, a resource variable chosen by a
// condition on the counter, an unrolled loop left by `break` at a run-time condition, a
// `switch` on a `static const` selector, and a function returning a resource chosen by its
// constant argument (one specialisation per value). Expected values by hand from
// a = [1, 2, 3, 4], b = [10, 20, 30, 40], c = [100, 200, 300, 400], g_cond = 2 and
// id.x = 0: o[0] = a[0] + b[1] + c[2] = 321; o[1..4] = a[0], a[1], c[2], c[3] =
// 1, 2, 300, 400; o[5] = c[3] = 400 (the copy for k == g_cond); o[6] = b[2] = 30
// (kCase == 1); o[7] = a[1] + c[1] + b[0] = 212.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// buffer t2 ro uint[4] = [100, 200, 300, 400]
// cbuffer b4 = u32 [2]
// buffer u3 rw uint[8] = 0
// expect u3 = [321, 1, 2, 300, 400, 400, 30, 212]
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
}
