// Integer division by zero. D3D defines unsigned x / 0 = x % 0 = 0xFFFFFFFF (DXIL's UDiv):
// hlslc's WGSL selects that value (WGSL itself defines x / 0 = x, x % 0 = 0); its SPIR-V,
// like DXC's, is a raw OpUDiv/OpUMod, undefined in SPIR-V, for which lavapipe (Mesa 22.3.6)
// and NVIDIA (H200, driver 580) give D3D's value. Signed division by zero and INT_MIN / -1
// are undefined in D3D too: those lanes are `_` (not asserted). Observed on lavapipe via
// glslang: 7/0 = 0, 7%0 = -1, INT_MIN/-1 = INT_MIN, INT_MIN%-1 = 0. Lanes 10-13: a uint2
// divided by uint2(0, 3), component-wise (7 / 0, 7 / 3; 7 % 0, 7 % 3).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[3] = [0, 7, 0x80000000]
// buffer u1 rw uint[14] = 0
// expect u1 = [0xFFFFFFFF, 0xFFFFFFFF, _, _, _, _, 7, 1, 0xC0000000, 0, 0xFFFFFFFF, 2, 0xFFFFFFFF, 1]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint zero = src[0], seven = src[1];
    int int_min = (int)src[2];
    dst[0] = seven / zero;                    // D3D: 0xFFFFFFFF
    dst[1] = seven % zero;                    // D3D: 0xFFFFFFFF
    dst[2] = (uint)((int)seven / (int)zero);  // undefined
    dst[3] = (uint)((int)seven % (int)zero);  // undefined
    dst[4] = (uint)(int_min / -1);            // undefined (overflow)
    dst[5] = (uint)(int_min % -1);            // undefined
    dst[6] = seven / (zero + 1);              // 7
    dst[7] = seven % (zero + 2);              // 1
    dst[8] = (uint)(int_min / 2);             // -2^30 = 0xC0000000
    dst[9] = (uint)(int_min % 2);             // 0
    uint2 q = uint2(seven, seven) / uint2(zero, zero + 3);
    uint2 r = uint2(seven, seven) % uint2(zero, zero + 3);
    dst[10] = q.x;
    dst[11] = q.y;
    dst[12] = r.x;
    dst[13] = r.y;
}
