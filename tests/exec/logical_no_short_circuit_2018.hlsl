// Before HLSL 2021, `&&` and `||` evaluate both operands (no short-circuit): with -HV 2018
// every bump() runs. Companion of logical_short_circuit.
// exec: -T cs_6_0 -E main -HV 2018 dispatch 1 1 1
// buffer t0 ro int[2] = [0, 1]
// buffer u1 rw uint[6] = 0
// expect u1 = [0, 1, 1, 3, 5, 0]
StructuredBuffer<int> s : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

static uint calls = 0;

bool bump(bool value) {
    calls += 1;
    return value;
}

[numthreads(1, 1, 1)]
void main() {
    bool f = s[0] != 0, t = s[1] != 0;
    dst[0] = (f && bump(true)) ? 1u : 0u;   // false; bump runs anyway (calls = 1)
    dst[1] = (t || bump(false)) ? 1u : 0u;  // true; bump runs (calls = 2)
    dst[2] = (t && bump(true)) ? 1u : 0u;   // true (calls = 3)
    dst[3] = calls;
    dst[4] = (f || bump(false)) ? 1u : calls + 1u; // false (calls = 4) → 5
    dst[5] = (f && t) ? 1u : 0u;
}
