// packoffset places cbuffer members explicitly: c<N> is register N (16 bytes), .x/.y/.z/.w
// a 4-byte component within it. x : packoffset(c1.z) @ 24, y : packoffset(c0) @ 0,
// z : packoffset(c2.y) @ 36, declared out of order; and a struct member of a
// ConstantBuffer<T> at its natural offsets.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 2, 3, 4,   0, 0, 5, 0,   0, 6, 7, 0]
// cbuffer b1 = u32 [10, 20] f32 [0.5]
// buffer u2 rw float[7] = 0
// buffer u3 rw uint[2] = 0
// expect u2 = [5, 1, 2, 3, 4, 6, 7]
// expect u3 = [10, 20]
cbuffer Packed : register(b0) {
    float x : packoffset(c1.z);
    float4 y : packoffset(c0);
    float2 z : packoffset(c2.y);
};
struct Extra {
    uint p;
    uint q;
    float r;
};
ConstantBuffer<Extra> extra : register(b1);
RWStructuredBuffer<float> dst : register(u2);
RWStructuredBuffer<uint> udst : register(u3);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = x;
    dst[1] = y.x; dst[2] = y.y; dst[3] = y.z; dst[4] = y.w;
    dst[5] = z.x; dst[6] = z.y;
    udst[0] = extra.p;
    udst[1] = extra.q + (uint)(extra.r * 0.0f);
}
