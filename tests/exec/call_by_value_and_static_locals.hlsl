// Function-call semantics DXC keeps from HLSL: arrays and structs pass by value (the callee's
// writes do not reach the caller), a static local is initialised once, `out` writes reach
// the caller; plus `half` without -enable-16bit-types is float, a scalar swizzles, signed
// division truncates, and a swizzle assignment reads before it writes. Values by hand.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [3]
// buffer u1 rw uint[12] = 0
// expect u1 = [1, 2, 7, 2, 5, 9, 0x3EAAAAAB, 3, 3, 10, 4, 6]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);
void modify(int a[3]) { a[0] = 5; }
struct S { int v[2]; };
void modifyS(S s) { s.v[1] = 9; }
void both(inout int a, inout int b) { a = 7; b = 2; }
int counter() { static int c = 0; c++; return c; }
void setOut(out int a, int v) { a = v; }
[numthreads(1,1,1)] void main() {
    int arr[3] = {1, 2, 3};
    modify(arr);
    o[0] = arr[0];           // 1: arrays pass by value
    S s; s.v[0] = 0; s.v[1] = 2;
    modifyS(s);
    o[1] = s.v[1];           // 2
    int x = 0, y = 0;
    both(x, y);
    o[2] = x; o[3] = y;      // 7, 2
    counter(); counter(); counter(); counter();
    o[4] = counter();        // 5
    int z; setOut(z, 9); o[5] = z; // 9
    half h = 1.0 / 3.0;      // half is float without -enable-16bit-types
    o[6] = asuint((float)h); // 0x3EAAAAAB
    uint n = src[0];
    float f = n;
    o[7] = (uint)f;          // 3
    float3 v = f.xxx;
    o[8] = (uint)v.z;        // 3
    int neg = -10;
    o[9] = (uint)(neg / -1); // 10
    o[10] = (uint)(-9 % 5 + 8); // -4 + 8 = 4
    int2 pair = int2(4, 6);
    pair.yx = pair.xy;       // swizzle assignment reads before writing
    o[11] = (uint)pair.x;    // 6
}
