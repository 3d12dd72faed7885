// ByteAddressBuffer.Load<S>/Store<S> of a struct with matrix and array members, in the
// tight layout with each matrix in its own majorness: struct Rec { uint a; float2x2 m;
// uint b[3]; row_major float2x3 r; } has a at 0, m at 4 (column_major by default: m00 m10
// m01 m11), b at 20, r at 32 (row by row) — 56 bytes. From the bytes below, m = [[1, 3],
// [2, 4]] and r = [[5, 6, 7], [8, 9, 10]], so m[0][1] = 3, m[1][0] = 2, r[0][2] = 7,
// r[1][0] = 8; Load<float2x2>(4) reads the same column-major m. Store<Rec>(8, r) writes the
// same 56 bytes back at offset 8.
// exec: -T cs_6_2 -E main dispatch 1 1 1
// buffer t0 ro = u32 [7] f32 [1, 2, 3, 4] u32 [10, 11, 12] f32 [5, 6, 7, 8, 9, 10]
// buffer u1 rw uint[16] = 0
// buffer u2 rw float[9] = 0
// expect u1 = u32 [0, 0, 7] f32 [1, 2, 3, 4] u32 [10, 11, 12] f32 [5, 6, 7, 8, 9, 10]
// expect u2 = [7, 1, 3, 2, 4, 12, 7, 8, 3]
// peer-bug glslang: no templated Load<T>/Store<T> (`Load` : no such field)
struct Rec {
    uint a;
    float2x2 m;
    uint b[3];
    row_major float2x3 r;
};

ByteAddressBuffer src : register(t0);
RWByteAddressBuffer dst : register(u1);
RWStructuredBuffer<float> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    Rec r = src.Load<Rec>(0);
    o[0] = r.a;
    o[1] = r.m[0][0]; o[2] = r.m[0][1]; o[3] = r.m[1][0]; o[4] = r.m[1][1];
    o[5] = r.b[2];
    o[6] = r.r[0][2]; o[7] = r.r[1][0];
    dst.Store<Rec>(8, r);
    float2x2 mm = src.Load<float2x2>(4);
    o[8] = mm[0][1];
}
