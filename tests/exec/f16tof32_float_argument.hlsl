// `f16tof32` takes `uint`s (DXC's signature), so a float argument converts to `uint` first,
// as for any `uint` parameter (Wicked Engine's DDGI update passes a `float3`):
// 15360.0 → 0x3C00 → 1.0, 16384.0 → 0x4000 → 2.0, 48128.0 → 0xBC00 → -1.0.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[3] = 0
// expect u0 = [1, 2, -1]
RWStructuredBuffer<float> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    float3 bits = float3(15360.0, 16384.0, 48128.0);
    float3 v = f16tof32(bits);
    o[0] = v.x;
    o[1] = v.y;
    o[2] = v.z;
}
