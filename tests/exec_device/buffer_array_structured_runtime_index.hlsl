// Arrays of buffers as binding arrays: three structured buffers at t0 (one binding, elements
// of different lengths) read with a per-thread index through NonUniformResourceIndex, an
// unsized array of byte-address buffers at t3, constant indices, GetDimensions of an element
// (with constant indices: lavapipe answers a run-time index with element 0's length, see
// buffer_array_length_run_time_index), and an element passed to a function. Element data is iota: sb[k] holds uint2 elements whose
// scalars count from 100k, so sb[k][j] = (100k + 2j, 100k + 2j + 1); raw[r] counts from
// 1000 (r + 1). Thread t uses k = t % 3 (0, 1, 2, 0), j = t, r = t & 1 (0, 1, 0, 1):
//   dst[4t]     = a + b = 200k + 4j + 1                     → 1, 205, 409, 13
//   dst[4t + 1] = raw[r].Load(4 (3 - t))                   → 1003, 2002, 1001, 2000
//   dst[4t + 2] = 16 count + stride of sb[k] (4, 2, 3 elements of 8 bytes) → 72, 40, 56, 72
//   dst[4t + 3] = raw[r] byte size (16, 24) + sb[2][0].a + raw[1].Load(0) + first_a(sb[1])
//               = {16, 24} + 200 + 2000 + 100               → 2316, 2324, 2316, 2324
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0[0] ro uint2[4] = iota 0
// buffer t0[1] ro uint2[2] = iota 100
// buffer t0[2] ro uint2[3] = iota 200
// buffer t3[0] ro uint[4] = iota 1000
// buffer t3[1] ro uint[6] = iota 2000
// buffer u6 rw uint[16] = 0
// expect u6 = [1, 1003, 72, 2316,  205, 2002, 40, 2324,  409, 1001, 56, 2316,  13, 2000, 72, 2324]
// peer-bug glslang: glslang's HLSL front end has no NonUniformResourceIndex ("no matching overloaded function found")
struct S { uint a; uint b; };
StructuredBuffer<S> sb[3] : register(t0);
ByteAddressBuffer raw[] : register(t3);
RWStructuredBuffer<uint> dst : register(u6);

uint first_a(StructuredBuffer<S> b) {
    return b[0].a;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int k = t % 3;
    int r = t & 1;
    S s = sb[NonUniformResourceIndex(k)][t];
    dst[4 * t] = s.a + s.b;
    dst[4 * t + 1] = raw[NonUniformResourceIndex(r)].Load(4 * (3 - t));
    uint count, stride;
    if (k == 0) {
        sb[0].GetDimensions(count, stride);
    } else if (k == 1) {
        sb[1].GetDimensions(count, stride);
    } else {
        sb[2].GetDimensions(count, stride);
    }
    dst[4 * t + 2] = 16 * count + stride;
    uint bytes;
    if (r == 0) {
        raw[0].GetDimensions(bytes);
    } else {
        raw[1].GetDimensions(bytes);
    }
    dst[4 * t + 3] = bytes + sb[2][0].a + raw[1].Load(0) + first_a(sb[1]);
}
