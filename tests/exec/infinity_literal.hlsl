// `1.#INF` (FXC's spelling, read by DXC) is the 32-bit float +infinity, bits 0x7f800000 =
// 2139095040; `-1.#INF` is 0xff800000 = 4286578688 (IEEE 754 binary32). An infinity times
// zero is a NaN, and abs clears its sign bit: 0x7f800000 | quiet bit is any NaN, so only the
// exponent bits (0x7f800000 = 2139095040) are compared, masked.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[1] = [0.0]
// buffer u1 rw uint[4] = 0
// expect u1 = [2139095040, 4286578688, 2139095040, 2139095040]
StructuredBuffer<float> zero : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    o[0] = asuint(1.#INF);
    o[1] = asuint(-1.#INF);
    float3 v = 1.#INF.xxx * (1.0f + zero[0]);
    o[2] = asuint(v.z);
    o[3] = asuint(abs(-1.#INF * zero[0])) & 0x7f800000u;
}
