// Function-scope `static` variables as utility code uses them for per-invocation state: an id
// allocator `nextId()` whose `static uint n = 10` is initialised once per invocation and
// advances across calls (also from inside a loop and from another helper), a `static uint`
// running total in a helper that fills a static histogram (read back through a function
// declared before the entry point and defined after it), and a `static const`
// weight table inside a function indexed at run time; beside them a global `const float`
// without `static`, which DXC makes a `$Globals` uniform whose initializer is ignored (it
// reads the bound constant buffer: 7.5 here, not 2.5). Per thread t (4 threads), by hand:
//   a = 10, b = 11, then t calls in a loop, c = 12 + t, d = nextTwice() = (13 + t) + (14 + t);
//   record(k) for k = t, t + 1, t, 3: hist[t] = 2, hist[t + 1 & 3] += 1, hist[3] += 1, and
//   the returned totals 1, 2, 3, 4 (last one returned);
//   weight(t) of {1, 2, 4, 2} / 8 + kScale: 7.625, 7.75, 8, 7.75.
// Words: a, b, c, d, the last total, hist[0..3], bits of weight + kScale.
// layout $Globals: kScale=0
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [7.5]
// buffer u1 rw uint[40] = 0
// expect u1 = [10, 11, 12, 27, 4,  2, 1, 0, 1, 0x40F40000,
//     10, 11, 13, 29, 4,  0, 2, 1, 1, 0x40F80000,
//     10, 11, 14, 31, 4,  0, 0, 2, 2, 0x41000000,
//     10, 11, 15, 33, 4,  1, 0, 0, 3, 0x40F80000]
// peer-bug glslang: a global `const` with an initializer is a constant to glslang (2.5), not DXC's `$Globals` uniform (7.5)
RWStructuredBuffer<uint> Out : register(u1);

const float kScale = 2.5;

uint nextId() {
    static uint n = 10;
    return n++;
}

uint nextTwice() {
    uint first = nextId();
    return first + nextId();
}

static uint sHist[4];

uint record(uint k) {
    static uint total = 0;
    sHist[k & 3] += 1;
    return ++total;
}

// Declared here, defined after the entry point.
uint histAt(uint i);

float weight(uint i) {
    static const float w[4] = { 1, 2, 4, 2 };
    return w[i] / 8;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint a = nextId();
    uint b = nextId();
    for (uint i = 0; i < t; ++i)
        nextId();
    uint c = nextId();
    uint d = nextTwice();
    record(t);
    record(t + 1);
    record(t);
    uint last = record(3);

    uint o = t * 10;
    Out[o + 0] = a;
    Out[o + 1] = b;
    Out[o + 2] = c;
    Out[o + 3] = d;
    Out[o + 4] = last;
    [unroll] for (uint j = 0; j < 4; ++j)
        Out[o + 5 + j] = histAt(j);
    Out[o + 9] = asuint(weight(t) + kScale);
}

uint histAt(uint i) { return sHist[i]; }
