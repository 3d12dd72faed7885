// A C-style cast of a place that only drops trailing components of the same component type
// is an lvalue in DXC (SemaCast: HLSL vector shrinking keeps the cast an lvalue), so it can
// be an `out`/`inout` argument, writing those components of the place; and a cast of an
// array place to an array of another shape assigns the leading elements in flattened order.
// Hand-derived: v = (-1, -2, -3, -4); set2((float2)v) writes v.xy = (1, 2); add10((float)v)
// adds 10 to v.x (11). a (4x3) holds 1..12 flat; (uint[2][2])a = {10, 20, 30, 40} writes the
// first four flat elements: a[0][0] = 10, a[1][1] = 5, a[1][0] = 40, a[2][2] = 9.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[8] = 0
// expect u0 = [11, 2, -3, -4, 10, 5, 40, 9]
// peer-bug glslang: rejects a cast as an out argument and as an assignment target (HLSL parsing failed)
RWStructuredBuffer<float> o : register(u0);

void set2(out float2 f) { f = float2(1, 2); }
void add10(inout float s) { s += 10; }

[numthreads(1, 1, 1)]
void main() {
    float4 v = float4(-1, -2, -3, -4);
    set2((float2)v);
    add10((float)v);
    uint a[4][3] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    uint r[2][2] = {10, 20, 30, 40};
    (uint[2][2])a = r;
    o[0] = v.x; o[1] = v.y; o[2] = v.z; o[3] = v.w;
    o[4] = a[0][0]; o[5] = a[1][1]; o[6] = a[1][0]; o[7] = a[2][2];
}
