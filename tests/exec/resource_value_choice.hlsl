// Resources chosen at compile time (DXC's legalization): functions returning a resource
// (also through a branch on `static const` values, and from resource parameters), `if` and
// `?:` on constant conditions, a local array of resources from an initializer list (sized
// by it) with an element rebound, a resource variable read inside a run-time branch and
// then rebound in straight-line code, and a loop reading one. Expected values by hand from
// a = [1, 2, 3, 4], b = [10, 20, 30, 40], c = [100, 200, 300, 400] and k = 1 (a run-time
// index): o[0] = b[1] = 20; o[1] = c[1] = 200 (kMode == 2); o[2] = c[3] = 400;
// o[3] = b[0] = 10; o[4] = c[1] + b[1] + c[0] = 320; o[5] = a[3] + b[0] = 14;
// o[6] = c[1] = 200 (written through a returned RWStructuredBuffer); o[7] = c[0] + c[1] = 300.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// buffer t2 ro uint[4] = [100, 200, 300, 400]
// buffer u3 rw uint[8] = 0
// expect u3 = [20, 200, 400, 10, 320, 14, 200, 300]
// peer-bug glslang: rejects assigning a resource to a resource variable (`chosen = b;`: "could not create assignment")
StructuredBuffer<uint> a : register(t0);
StructuredBuffer<uint> b : register(t1);
StructuredBuffer<uint> c : register(t2);
RWStructuredBuffer<uint> o : register(u3);

static const bool kUseB = true;
static const uint kMode = 2;

StructuredBuffer<uint> pick_b() { return b; }

StructuredBuffer<uint> pick_mode() {
    if (kMode == 1) {
        return a;
    } else if (kMode == 2) {
        return c;
    }
    return b;
}

StructuredBuffer<uint> pick_arg(StructuredBuffer<uint> x, StructuredBuffer<uint> y) { return kUseB ? y : x; }

RWStructuredBuffer<uint> out_buf() { return o; }

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint k = id.x + 1;
    o[0] = pick_b()[k];
    o[1] = pick_mode()[k];
    o[2] = pick_arg(a, c)[3];
    StructuredBuffer<uint> chosen;
    if (kUseB) {
        chosen = b;
    } else {
        chosen = a;
    }
    o[3] = chosen[0];
    StructuredBuffer<uint> bufs[] = { a, b, c };
    bufs[0] = c;
    o[4] = bufs[0][k] + bufs[1][k] + bufs[2][0];
    StructuredBuffer<uint> v = a;
    if (k > 0) {
        o[5] = v[3];
    }
    v = b;
    o[5] += v[0];
    out_buf()[6] = (kMode == 2 ? c : a)[1];
    StructuredBuffer<uint> w = c;
    for (uint i = 0; i < 2; i++) {
        o[7] += w[i];
    }
}
