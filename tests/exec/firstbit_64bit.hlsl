// `firstbithigh`/`firstbitlow` on 64-bit integers, from the 32-bit halves. Expected values by
// hand (k = id.x = 0 keeps them run-time values): a = 2^40 + 5 → high bit 40, low bit 0;
// 0 → 0xFFFFFFFF both ways; int64 -1 → 0xFFFFFFFF (no bit differs from the sign);
// d = -2^35 → ~d = 2^35 - 1, high bit 34; e = 0x80 << 32 → low bit 39; 7 → high bit 2.
// The signed cases add `(int)k`: `int64_t + uint` is uint64_t in DXC (unsigned wins at the
// wider width), whose firstbithigh would be the unsigned 63.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer u0 rw uint[8] = 0
// expect u0 = [40, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 34, 39, 2]
// xfail hlslc-spirv: DXC's SPIR-V back end limits firstbithigh/firstbitlow to 32-bit components, and hlslc with it (E0681)
// peer-bug glslang: rejects the constructor-style cast `uint64_t(1)` ("cannot construct with these arguments")
RWStructuredBuffer<uint> o : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint k = id.x;
    uint64_t a = (uint64_t(1) << 40) | 5;
    uint64_t zero = 0;
    int64_t minus_one = -1;
    int64_t d = -(int64_t(1) << 35);
    uint64_t e = uint64_t(0x80) << 32;
    o[0] = firstbithigh(a + k);
    o[1] = firstbitlow(a + k);
    o[2] = firstbithigh(zero + k);
    o[3] = firstbitlow(zero + k);
    o[4] = firstbithigh(minus_one + (int)k);
    o[5] = firstbithigh(d + (int)k);
    o[6] = firstbitlow(e + k);
    o[7] = firstbithigh(uint64_t(7) + k);
}
