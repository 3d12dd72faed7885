// An `out`/`inout` argument whose shape differs from the parameter's is converted on the way
// in (`inout`: a scalar is splat) and back on the way out (a vector is truncated to its first
// component), as DXC copies arguments in and out. Expected by hand: set2 writes (7, 8), so a
// uint gets 7 and an int gets 7; add3 on 10 sees (10, 10, 10) and returns (11, 12, 13), so
// 11; add3 twice on 10 gives 12; the float version doubles (1.5, 1.5) and keeps 3.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[5] = 0
// expect u0 = [7, 7, 11, 12, 3]
// peer-bug glslang: rejects an out argument of another shape ("no matching overloaded function found")
RWStructuredBuffer<uint> output : register(u0);

void set2(out uint2 v) { v = uint2(7, 8); }
void add3(inout uint3 v) { v += uint3(1, 2, 3); }
void twice(inout float2 v) { v *= 2; }

[numthreads(1, 1, 1)]
void main() {
    uint a = 5;
    set2(a);
    output[0] = a;
    int i = -1;
    set2(i);
    output[1] = i;
    uint b = 10;
    add3(b);
    output[2] = b;
    uint c = 10;
    add3(c);
    add3(c);
    output[3] = c;
    float f = 1.5;
    twice(f);
    output[4] = (uint)f;
}
