// A plain function (no resource parameter or return) choosing a resource by its `int`
// parameter through a function returning one, called with constant arguments: DXC inlines
// it and folds the argument before resolving the resource, so each call reads its own
// buffer. `pick` also has a taken `if` followed by a dead one and a final `return` (the dead
// code after the taken `return` must not count as a second choice). `pick` is also called
// by `read_twice`, which passes its own parameter on, and `scaled` takes `i` `in` through
// `twice` (passing a parameter to an `in` parameter keeps it a constant). An `[unroll]` loop
// passes its counter (one copy of the body per iteration, as DXC unrolls before resolving),
// and a `static const` is a constant argument too.
// Expected values by hand from a = [1, 2, 3, 4], b = [10, 20, 30, 40],
// c = [100, 200, 300, 400] and k = 1 (a run-time index):
// o[0] = read(0, k) = a[1] = 2; o[1] = read(1, k) = b[1] = 20; o[2] = read(2, k) = c[1] = 200;
// o[3] = read(7, 3) = a[3] = 4 (neither 0, 1 nor 2: the last `return`);
// o[4] = read_twice(2, 0) = c[0] + c[0] = 200; o[5] = scaled(1, 2) = 2 * b[2] = 60;
// o[6] = pick(0)[0] + pick(1)[0] + pick(2)[0] + read(0, 1) + read(1, 1) + read(2, 1)
//      = 1 + 10 + 100 + 2 + 20 + 200 = 333; o[7] = read(kTwo, 3) = c[3] = 400.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [1, 2, 3, 4]
// buffer t1 ro uint[4] = [10, 20, 30, 40]
// buffer t2 ro uint[4] = [100, 200, 300, 400]
// buffer u3 rw uint[8] = 0
// expect u3 = [2, 20, 200, 4, 200, 60, 333, 400]
// peer-bug glslang: keeps the returned buffer in a function-storage variable (invalid SPIR-V for Vulkan)
StructuredBuffer<uint> a : register(t0);
StructuredBuffer<uint> b : register(t1);
StructuredBuffer<uint> c : register(t2);
RWStructuredBuffer<uint> o : register(u3);
static const int kTwo = 2;

StructuredBuffer<uint> pick(int i) {
    if (i == 0) return a;
    if (i == 1) return b;
    if (i == 2) return c;
    return a;
}

uint read(int i, uint k) {
    return pick(i)[k];
}

uint read_twice(int i, uint k) {
    return read(i, k) + pick(i)[k];
}

uint twice(uint v) { return 2 * v; }

uint scaled(int i, uint k) {
    return twice(pick(i)[k]);
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint k = id.x + 1;
    o[0] = read(0, k);
    o[1] = read(1, k);
    o[2] = read(2, k);
    o[3] = read(7, 3);
    o[4] = read_twice(2, 0);
    o[5] = scaled(1, 2);
    uint sum = 0;
    [unroll]
    for (int j = 0; j < 3; j++) {
        sum += pick(j)[0] + read(j, 1);
    }
    o[6] = sum;
    o[7] = read(kTwo, 3);
}
