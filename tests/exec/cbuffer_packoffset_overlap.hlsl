// packoffset in all its forms, including members that overlap (the HLSL reference allows
// it without a diagnostic; DXC's -spirv rejects it, hlslc follows the reference), a member
// without packoffset after packed ones (placed after the furthest packed member), and loose
// globals with register(c#) in $Globals (the others follow the highest explicit register).
// The host fills each cbuffer with words 0x40000000 + i (i = byte offset / 4) and the shader
// writes asuint() of each component, so expected = 0x40000000 + offset / 4:
//   Packed: all4 c0 → 0,4,8,12 | ov_y c0.y → 4 (same word as all4.y) | zw c0.z → 8,12
//   v c2.y → 36,40,44 | w1 c1.w → 28 | m c3 (float2x2, column-major: m[r][c] at 48+16c+4r)
//   next (no packoffset): after the furthest packed member (m ends at 48+16+8 = 72) → 72.
//   $Globals: g0 register(c2) → 32 | g1 (float4, no register) after the highest explicit
//   one (c2 ends at 36) → 48 | g2 → 64.
// $Globals has no register: with DXC's numbering it takes the first free binding of group 0
// after the explicit ones (b0 = 0, u2 = 2) → binding 1.
// layout Packed: all4=0 ov_y=4 zw=8 v=36 w1=28 m=48 next=72
// layout $Globals: g0=32 g1=48 g2=64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 uint[20] = iota 1073741824
// cbuffer b1 uint[20] = iota 1073741824
// buffer u2 rw uint[23] = 0
// expect u2 = [0x40000000, 0x40000001, 0x40000002, 0x40000003,  0x40000001,
//              0x40000002, 0x40000003,  0x40000009, 0x4000000A, 0x4000000B,  0x40000007,
//              0x4000000C, 0x40000010, 0x4000000D, 0x40000011,  0x40000012,
//              0x40000008,  0x4000000C, 0x4000000D, 0x4000000E, 0x4000000F,  0x40000010,
//              0x40000001]
// peer-bug glslang: rejects overlapping packoffsets
cbuffer Packed : register(b0) {
    float4 all4 : packoffset(c0);
    float ov_y : packoffset(c0.y);
    float2 zw : packoffset(c0.z);
    float3 v : packoffset(c2.y);
    float w1 : packoffset(c1.w);
    float2x2 m : packoffset(c3);
    float next;
};
float g0 : register(c2);
float4 g1;
float g2;
RWStructuredBuffer<uint> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint k = 0;
    o[k++] = asuint(all4.x); o[k++] = asuint(all4.y); o[k++] = asuint(all4.z); o[k++] = asuint(all4.w);
    o[k++] = asuint(ov_y);
    o[k++] = asuint(zw.x); o[k++] = asuint(zw.y);
    o[k++] = asuint(v.x); o[k++] = asuint(v.y); o[k++] = asuint(v.z);
    o[k++] = asuint(w1);
    o[k++] = asuint(m._11); o[k++] = asuint(m._12); o[k++] = asuint(m._21); o[k++] = asuint(m._22);
    o[k++] = asuint(next);
    o[k++] = asuint(g0);
    o[k++] = asuint(g1.x); o[k++] = asuint(g1.y); o[k++] = asuint(g1.z); o[k++] = asuint(g1.w);
    o[k++] = asuint(g2);
    o[k++] = asuint(all4[1]);
}
