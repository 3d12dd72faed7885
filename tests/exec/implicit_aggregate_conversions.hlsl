// DXC converts implicitly between aggregates whose scalar leaves are the same types in the
// same order, taking the leaves in order: an array to an array of another shape, an array to
// an array of structs (allowed in HLSL 2021, where only conversions involving a named struct
// need a cast), and a struct to an anonymous struct (which no cast could name). Expected by
// hand from the leaf order 1..6: uint2[3] = (1,2) (3,4) (5,6); P[3] = {1,2} {3,4} {5,6};
// the anonymous copy of ps[2] = {5,6}.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[6] = 0
// expect u0 = [2, 3, 4, 5, 5, 6]
// peer-bug glslang: rejects implicit conversions between aggregates of different types
struct P { uint a; uint b; };

RWStructuredBuffer<uint> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
    uint src[6] = { 1, 2, 3, 4, 5, 6 };
    uint2 pairs[3] = src;
    P ps[3] = src;
    struct { uint x; uint y; } anon = ps[2];
    output[0] = pairs[0].y;
    output[1] = pairs[1].x;
    output[2] = ps[1].b;
    output[3] = ps[2].a;
    output[4] = anon.x;
    output[5] = anon.y;
}
