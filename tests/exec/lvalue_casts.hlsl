// Casts and assignments written as assignment targets, which DXC keeps lvalues: a cast to a
// shorter vector or a scalar of the same component type names the leading components
// (`(uint2)v = …` writes v.xy, `(uint)w = …` writes w.x, `(uint2)s.zyx = …` writes s.zy); a
// cast to a base struct names the base's fields; a cast to a shorter array of the same
// elements names the leading elements; a swizzle of a swizzle names the picked components of
// the first (`w.wzy.xz` is w.wy); `(x += 5) *= 2` adds, then doubles x. Expected values by
// hand from these rules; components a target does not name keep their values:
// v = (10, 20, 3, 4); w = (5, 6, 1, 2) → (7, 6, 1, 2) → (7, 9, 1, 8); d = (11, 12, 33);
// arr = {30, 31, 3, 40} → 30, 31, 3 + 40; x = (90 + 5) * 2; s = (0, 60, 50) → 50 + 2·60.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[16] = 0
// expect u0 = [10, 20, 3, 4, 7, 9, 1, 8, 11, 12, 33, 30, 31, 43, 190, 170]
// peer-bug glslang: rejects a cast as an assignment target
struct Base { uint a; uint b; };
struct Derived : Base { uint c; };

RWStructuredBuffer<uint> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
    uint4 v = uint4(1, 2, 3, 4);
    (uint2)v = uint2(10, 20);
    output[0] = v.x; output[1] = v.y; output[2] = v.z; output[3] = v.w;

    uint4 w = uint4(5, 6, 1, 2);
    (uint)w = 7;
    w.wzy.xz = uint2(8, 9);
    output[4] = w.x; output[5] = w.y; output[6] = w.z; output[7] = w.w;

    Derived d;
    d.a = 1; d.b = 2; d.c = 33;
    Base b;
    b.a = 11; b.b = 12;
    (Base)d = b;
    output[8] = d.a; output[9] = d.b; output[10] = d.c;

    uint arr[4] = { 1, 2, 3, 40 };
    uint two[2] = { 30, 31 };
    (uint[2])arr = two;
    output[11] = arr[0]; output[12] = arr[1]; output[13] = arr[2] + arr[3];

    uint x = 90;
    (x += 5) *= 2;
    output[14] = x;

    uint3 s = uint3(0, 0, 0);
    (uint2)s.zyx = uint2(50, 60);
    output[15] = s.z + 2 * s.y + 4 * s.x;
}
