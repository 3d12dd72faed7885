// Aggregates passed by value, as geometry utility libraries write them: a struct holding a
// point array, a float2x2 and a count goes through `transformed(Poly p)`, which rewrites its
// copy's points and matrix and returns it (the caller's struct is unchanged); `sumAndClear(int
// a[4])` zeroes its parameter while summing (the caller's array is unchanged); `sortedStats`
// bubble-sorts the array inside a returned struct; `bump(inout int v, int by)` on an element
// chosen at run time; `findFirst(int a[4], int target, out uint idx)` assigns its out
// parameter only when it returns true (the caller reads idx only then); `classify(int v, out
// int cls, out uint mag)` returns early from a void function after writing both outs.
// Per thread t (4 threads, row a = Rows[t], points (a[k], k + 1), xf = [[0, -1], [1, 0]]):
// q's points 0-3 (x, y, x, x; point 3 untouched since count = 3), q.xf._12 and q.count, p's
// point 1 and p.xf._12 and p.count (unchanged), the sum, the sorted copy, the array after
// bump, where -1 first occurs (or 77 + st.sum, st unchanged by the call), and cls | mag << 8.
// Expected values: tests/exec/mix/models.py (aggregates_by_value).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int4[4] = [3, -1, 4, -1,  -5, 9, 2, 6,  0, 0, 7, -7,  8, -3, -3, 1]
// buffer u1 rw uint[80] = 0
// expect u1 = [3212836864, 3212836864, 3225419776, 3212836864, 1065353216, 0, 3212836864,
//     3212836864, 3, 5, 4294967295, 4294967295, 3, 4, 4, 4294967295, 4, 4294967295, 1, 511,
//     3212836864, 1091567616, 3225419776, 1086324736, 1065353216, 0, 1091567616, 3212836864, 3, 12,
//     4294967291, 2, 6, 9, 4294967291, 20, 2, 6, 4294967273, 513, 3212836864, 0, 3225419776,
//     3235905536, 1065353216, 0, 0, 3212836864, 3, 0, 4294967289, 0, 0, 7, 0, 0, 28, 4294967289,
//     4294967273, 2047, 3212836864, 3225419776, 3225419776, 1065353216, 1065353216, 0, 3225419776,
//     3212836864, 3, 3, 4294967293, 4294967293, 1, 8, 8, 4294967293, 4294967293, 32, 4294967273,
//     2049]
StructuredBuffer<int4> Rows : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

struct Poly {
    float2 pts[4];
    float2x2 xf;
    uint count;
};

struct Stats {
    int vals[4];
    int sum;
};

Poly transformed(Poly p) {
    for (uint i = 0; i < p.count; ++i)
        p.pts[i] = mul(p.xf, p.pts[i]);
    p.xf = -p.xf;
    p.count = 0;
    return p;
}

int sumAndClear(int a[4]) {
    int s = 0;
    for (uint i = 0; i < 4; ++i) {
        s += a[i];
        a[i] = 0;
    }
    return s;
}

Stats sortedStats(Stats s) {
    for (uint i = 0; i < 3; ++i)
        for (uint j = 0; j < 3 - i; ++j)
            if (s.vals[j] > s.vals[j + 1]) {
                int tmp = s.vals[j];
                s.vals[j] = s.vals[j + 1];
                s.vals[j + 1] = tmp;
            }
    s.sum = s.vals[0] + s.vals[3];
    return s;
}

void bump(inout int v, int by) { v += by; }

bool findFirst(int a[4], int target, out uint idx) {
    for (uint i = 0; i < 4; ++i) {
        if (a[i] == target) {
            idx = i;
            return true;
        }
    }
    return false;
}

void classify(int v, out int cls, out uint mag) {
    mag = abs(v);
    if (v < 0) {
        cls = -1;
        return;
    }
    cls = v > 0 ? 1 : 0;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int4 r = Rows[t];
    int a[4] = { r.x, r.y, r.z, r.w };

    Poly p;
    p.xf = float2x2(0, -1, 1, 0);
    p.count = 3;
    [unroll] for (uint k = 0; k < 4; ++k)
        p.pts[k] = float2(a[k], k + 1);
    Poly q = transformed(p);

    int total = sumAndClear(a);
    Stats st;
    st.vals = a;
    st.sum = -100;
    Stats sorted = sortedStats(st);

    bump(a[t], 10 * (int)t + 1);
    uint where = 99;
    bool found = findFirst(a, -1, where);
    int cls;
    uint mag;
    classify(a[(t + 1) & 3], cls, mag);

    uint o = t * 20;
    Out[o + 0] = asint(q.pts[0].x);
    Out[o + 1] = asint(q.pts[1].y);
    Out[o + 2] = asint(q.pts[2].x);
    Out[o + 3] = asint(q.pts[3].x);
    Out[o + 4] = asint(q.xf._12);
    Out[o + 5] = q.count;
    Out[o + 6] = asint(p.pts[1].x);
    Out[o + 7] = asint(p.xf._12);
    Out[o + 8] = p.count;
    Out[o + 9] = total;
    [unroll] for (uint i = 0; i < 4; ++i) {
        Out[o + 10 + i] = sorted.vals[i];
        Out[o + 14 + i] = a[i];
    }
    Out[o + 18] = found ? where : 77 + st.sum;
    Out[o + 19] = (cls & 0xFF) | mag << 8;
}
