// `AddUint64(a, b)`: wrapping 64-bit sums of (low, high) `uint` pairs.
// uint2: 0xFFFFFFFF_00000001 + 0x00000001_FFFFFFFF → low 0x00000000 (carry), high 0x00000001
// (0x00000001 + 0xFFFFFFFF + 1 wraps); uint4: (5, 7) + (10, 20) = (15, 27) and
// 0xFFFFFFFF_FFFFFFFF + (1, 0) = 0 (both words wrap).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = [1, 0xFFFFFFFF, 0xFFFFFFFF, 1,  5, 0xFFFFFFFF, 7, 0xFFFFFFFF]
// buffer u1 rw uint[6] = 0
// expect u1 = [0, 1, 15, 27, 0, 0]
// peer-bug glslang: has no `AddUint64`
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint2 a = uint2(src[0], src[1]);
    uint2 b = uint2(src[2], src[3]);
    uint2 c = AddUint64(a, b);
    // (5, 7) + (10, 20) and (0xFFFFFFFF, 0xFFFFFFFF) + (1, 0).
    uint4 d = AddUint64(uint4(src[4], src[6], src[5], src[7]), uint4(10, 20, 1, 0));
    o[0] = c.x;
    o[1] = c.y;
    o[2] = d.x;
    o[3] = d.y;
    o[4] = d.z;
    o[5] = d.w;
}
