// Short-circuit && and || on scalars (HLSL 2021, DXC's default) with side effects: each
// operand is a call that records its bit in a static global, so the recorded mask shows
// exactly which operands were evaluated; the four expressions mix &&, || and ! at several
// depths. Also a chain of nested ternaries. Per thread i (a = bit 0, b = bit 1, c = bit 2
// of i): result bits, call mask, ternary value.
// Expected values: tests/exec/algo/models.py (short_circuit; Python's and/or short-circuit).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[48] = 0
// peer-bug glslang: no short-circuit for scalar && / || (see logical_short_circuit): every call runs
// expect u0 = [8, 989, 0, 0, 511, 1, 14, 981, 2, 7, 503, 3,
//     2, 221, 8, 6, 191, 10, 6, 213, 12, 7, 183, 14,
//     8, 989, 24, 0, 511, 27, 14, 981, 30, 7, 503, 33,
//     2, 221, 88, 6, 191, 87, 6, 213, 86, 7, 183, 85]
RWStructuredBuffer<uint> Out : register(u0);

static uint calls = 0;

bool f(uint bit, bool r) {
    calls |= bit;
    return r;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    bool a = (i & 1) != 0, b = (i & 2) != 0, c = (i & 4) != 0;
    bool r1 = f(1, a) && f(2, b);
    bool r2 = f(4, b) || f(8, c);
    bool r3 = (f(16, a) && f(32, c)) || f(64, b);
    bool r4 = !(f(128, c) || f(256, a)) && f(512, true);
    uint res = (r1 ? 1u : 0u) | (r2 ? 2u : 0u) | (r3 ? 4u : 0u) | (r4 ? 8u : 0u);
    uint sel = i < 4 ? i : i < 8 ? i * 2 : i < 12 ? i * 3 : 100 - i;
    Out[i * 3 + 0] = res;
    Out[i * 3 + 1] = calls;
    Out[i * 3 + 2] = sel;
}
