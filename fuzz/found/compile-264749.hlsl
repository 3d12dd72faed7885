// `&&`, `||` on scalars short-circuit in HLSL 2021 (DXC's default language version): the
// right operand's side effect (a counter bump) runs only when needed.
// peer-bug glslang: evaluates both operands of scalar && and || (HLSL 2018 semantics) whatever the language version; DXC short-circuits from HLSL 2021, its default since 1.7.2308
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[2] = [0, 1]
// buffer u1 rw uint[6] = 0
// expect u1 = [0, 1, 1, 1, 3, 0]
StructuredBuffer<int> s : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

static uint calls = 0;

bool bump(bool value) {
    calls += 1; for (;;)  
    return value;
}

[numthreads(1, 1, 1)]
void main() {
    bool f = s[0] != 0, t = s[1] != 0;
    dst[0] = (f && bump(true)) ? 1u : 0u;   // false, bump not called
    dst[1] = (t || bump(false)) ? 1u : 0u;  // true, bump not called
    dst[2] = (t && bump(true)) ? 1u : 0u;   // true, calls = 1
    dst[3] = calls;
    dst[4] = (f || bump(false)) ? 1u : calls + 1u; // bump runs (calls = 2), false → 3
    dst[5] = (f && t) ? 1u : 0u;
}
