// The conditional operator evaluates only the chosen arm in HLSL 2021 (DXC's default:
// `?:` short-circuits on a scalar condition, which is why it rejects vector conditions and
// points to select()): guarded divisions (d != 0 ? 1000 / d : ...), a chain of nested
// conditionals, and a nested pick whose unchosen arm would divide by zero. Every arm is a
// call that counts itself and sets its bit in `static` globals, so evaluating an unchosen
// arm changes the count and the mask. Per thread: three results, calls, mask.
// Expected values: tests/exec/algo/models.py (ternary_lazy; Python's conditional
// expression is lazy too; 100 / (i - 5) truncates toward zero for negative i - 5).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[80] = 0
// peer-bug glslang: evaluates every arm of `?:` (all eight calls run; see logical_short_circuit for && / ||)
// expect u0 = [65535, 0, 0, 3, 134, 1000, 3, 4294967271, 3, 37,
//     500, 6, 2, 3, 133, 333, 9, 4294967246, 3, 37,
//     65535, 12, 4, 3, 134, 1000, 15, 0, 3, 69,
//     500, 18, 6, 3, 133, 333, 21, 50, 3, 37,
//     65535, 8, 8, 3, 138, 1000, 9, 25, 3, 41,
//     500, 10, 10, 3, 137, 333, 11, 16, 3, 41,
//     65535, 7, 12, 3, 146, 1000, 7, 12, 3, 49,
//     500, 7, 14, 3, 145, 333, 7, 10, 3, 49]
RWStructuredBuffer<uint> Out : register(u0);

static uint calls = 0;
static uint callLog = 0;

uint record(uint bit, uint v) {
    calls++;
    callLog |= bit;
    return v;
}

int recordInt(uint bit, int v) {
    calls++;
    callLog |= bit;
    return v;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint d = i % 4;
    uint q = d != 0 ? record(1, 1000 / d) : record(2, 0xFFFF);
    uint r = i < 8 ? record(4, i * 3) : i < 12 ? record(8, i) : record(16, 7);
    int t = (i % 2 == 1) ? ((i != 5) ? recordInt(32, 100 / ((int)i - 5)) : recordInt(64, 0))
                         : recordInt(128, (int)i);
    Out[i * 5 + 0] = q;
    Out[i * 5 + 1] = r;
    Out[i * 5 + 2] = (uint)t;
    Out[i * 5 + 3] = calls;
    Out[i * 5 + 4] = callLog;
}
