// Linear-BVH building blocks: 30-bit Morton codes of 16 points (float3 structured buffer,
// stride 12) quantised with clamp and a float -> uint conversion, bits spread by
// part1by2's shift-and-mask ladder, and the Karras split metric delta(i, j) = number of
// leading bits the codes share (31 - firstbithigh(a ^ b)), with the index as tie-breaker
// when codes are equal (a duplicated point) and -1 outside the array. One point lies
// outside the unit cube and is clamped. Per point: code, delta to the left, to the right.
// Expected values: tests/exec/algo/models.py (morton_codes).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[48] = 0
// peer-bug glslang: std430 stride for StructuredBuffer<float3>: 16, not 12 (see structured_vec3_stride)
// buffer t0 ro float3[16] = [0.07324219, 0.77246094, 0.17089844, 0.75, 0.93066406, 0.29296875, 0.9140625, 0.4345703, 0.4765625, 0.85253906, 0.8046875, 0.7089844,
//     0.4326172, 0.19921875, 0.7324219, 0.4326172, 0.19921875, 0.7324219, 0.14550781, 0.3671875, 0.8095703, 0.59765625, 0.09863281, 0.09863281,
//     0.77441406, 0.3515625, 0.50683594, 0.8515625, 0.3232422, 0.2685547, 0.032226562, 0.7138672, 0.078125, 0.7402344, 0.6660156, 0.515625,
//     0.6484375, 0.4375, 0.015625, 0.5175781, 0.6777344, 0.9970703, 0.65625, 0.46484375, 0.08203125, 1, 0.9995117, -0.5]
// expect u1 = [0x1230AAFF, 0xFFFFFFFF, 0x00000002, 0x3741A642, 0x00000002, 0x00000003, 0x27E7AE82, 0x00000003, 0x00000003, 0x3E373C4C, 0x00000003, 0x00000002,
//     0x0CEECEEC, 0x00000002, 0x0000003F, 0x0CEECEEC, 0x0000003F, 0x00000005, 0x0B89F745, 0x00000005, 0x00000002, 0x201F81C3, 0x00000002, 0x00000004,
//     0x2E094C4D, 0x00000004, 0x00000004, 0x271A1C1B, 0x00000004, 0x00000002, 0x104E3416, 0x00000002, 0x00000002, 0x38D35530, 0x00000002, 0x00000003,
//     0x22C85800, 0x00000003, 0x00000003, 0x3965F2F1, 0x00000003, 0x00000003, 0x22CE34C0, 0x00000003, 0x00000003, 0x36DB6DB6, 0x00000003, 0xFFFFFFFF]
StructuredBuffer<float3> Points : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

groupshared uint codes[16];

uint part1by2(uint x) {
    x &= 0x3FF;
    x = (x | (x << 16)) & 0x030000FF;
    x = (x | (x << 8)) & 0x0300F00F;
    x = (x | (x << 4)) & 0x030C30C3;
    x = (x | (x << 2)) & 0x09249249;
    return x;
}

uint morton3(float3 p) {
    uint3 q = (uint3)clamp(p * 1024.0, 0.0, 1023.0);
    return (part1by2(q.x) << 2) | (part1by2(q.y) << 1) | part1by2(q.z);
}

int delta(int i, int j) {
    if (j < 0 || j > 15)
        return -1;
    uint a = codes[i], b = codes[j];
    if (a == b)
        return 32 + 31 - (int)firstbithigh((uint)(i ^ j));
    return 31 - (int)firstbithigh(a ^ b);
}

[numthreads(16, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint code = morton3(Points[gi]);
    codes[gi] = code;
    GroupMemoryBarrierWithGroupSync();
    int i = gi;
    Out[gi * 3 + 0] = code;
    Out[gi * 3 + 1] = delta(i, i - 1);
    Out[gi * 3 + 2] = delta(i, i + 1);
}
