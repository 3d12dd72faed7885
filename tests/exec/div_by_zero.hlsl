// Integer division by zero. D3D defines unsigned x / 0 = x % 0 = 0xFFFFFFFF; signed
// division by zero and INT_MIN / -1 are undefined in D3D, and all of these are undefined
// in SPIR-V (OpUDiv/OpSDiv/OpUMod/OpSRem) — WGSL defines x / 0 = x and x % 0 = 0.
// Those lanes are therefore `_` (not asserted). Observed on lavapipe (Mesa 22.3.6) via
// glslang: 7u/0 = 0xFFFFFFFF, 7u%0 = 0xFFFFFFFF, 7/0 = 0, 7%0 = -1, INT_MIN/-1 = INT_MIN,
// INT_MIN%-1 = 0. The defined lanes around them must still be right.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[3] = [0, 7, 0x80000000]
// buffer u1 rw uint[10] = 0
// expect u1 = [_, _, _, _, _, _, 7, 1, 0xC0000000, 0]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint zero = src[0], seven = src[1];
    int int_min = (int)src[2];
    dst[0] = seven / zero;                    // undefined on Vulkan (D3D: 0xFFFFFFFF)
    dst[1] = seven % zero;                    // undefined on Vulkan (D3D: 0xFFFFFFFF)
    dst[2] = (uint)((int)seven / (int)zero);  // undefined
    dst[3] = (uint)((int)seven % (int)zero);  // undefined
    dst[4] = (uint)(int_min / -1);            // undefined (overflow)
    dst[5] = (uint)(int_min % -1);            // undefined
    dst[6] = seven / (zero + 1);              // 7
    dst[7] = seven % (zero + 2);              // 1
    dst[8] = (uint)(int_min / 2);             // -2^30 = 0xC0000000
    dst[9] = (uint)(int_min % 2);             // 0
}
