// D3D cbuffer packing (16-byte registers; a member never straddles a register boundary;
// arrays and structs start a new register and each array element takes a register):
//   float3 a  @ 0     float b  @ 12    float2 c @ 16   float2 d @ 24   float e @ 32
//   float3 f  @ 36 (fits in 36..48)    float arr[2] @ 48, 64 (stride 16)
//   float4 h  @ 80    float2 k @ 96    float3 l @ 112 (104..116 would straddle 112)
//   uint m @ 124
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 2, 3,  4,   5, 6,  7, 8,   9,  10, 11, 12,
//                   13, 0, 0, 0,   14, 0, 0, 0,
//                   15, 16, 17, 18,   19, 20, 0, 0,   21, 22, 23]  u32 [99]
// buffer u1 rw float[21] = 0
// buffer u2 rw uint[1] = 0
// expect u1 = iota 1
// expect u2 = [99]
cbuffer Params : register(b0) {
    float3 a;
    float b;
    float2 c;
    float2 d;
    float e;
    float3 f;
    float arr[2];
    float4 h;
    float2 k;
    float3 l;
    uint m;
};
RWStructuredBuffer<float> dst : register(u1);
RWStructuredBuffer<uint> udst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = a.x; dst[1] = a.y; dst[2] = a.z;
    dst[3] = b;
    dst[4] = c.x; dst[5] = c.y;
    dst[6] = d.x; dst[7] = d.y;
    dst[8] = e;
    dst[9] = f.x; dst[10] = f.y; dst[11] = f.z;
    dst[12] = arr[0]; dst[13] = arr[1];
    dst[14] = h.x; dst[15] = h.y; dst[16] = h.z; dst[17] = h.w;
    dst[18] = k.x; dst[19] = k.y;
    dst[20] = l.x + l.y * 0.0f + (l.z - 23.0f);   // 21
    udst[0] = m;
}
