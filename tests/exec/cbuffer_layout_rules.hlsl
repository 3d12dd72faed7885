// Every D3D constant-buffer packing rule, read back bit for bit. The host fills the cbuffer
// with words 0x40000000 + i (i = byte offset / 4: normal floats, so no denormal flushing) and
// the shader writes asuint() of every component in declaration order, so each expected
// value is 0x40000000 + (offset of the component) / 4, with the offsets derived by hand from
// the FXC packing rules (16-byte registers; no straddling; arrays and structs start on a
// register, element stride rounded up to 16, no tail padding; matrices one register per
// stored vector, column-major by default):
//   f0 0 | v3 4 | v2 16 | v2b 24 | f1 32 | v2c 36 (36..44 fits) | arr[3] 48,64,80 (size 36)
//   tail 84 (packs into arr's last register) | varr[2] 96,112 (float3, size 28) | tail2 124
//   s {a 128, b 132} (struct starts on a register, size 12) | after_s 140
//   sarr[2] 144,160 (stride 16: a +0, b +4) | i0 172
//   mc (column_major float3x2: 2 registers, m[r][c] at 176 + 16c + 4r, size 28) | mr
//   (row_major float3x2: aligned to 208, m[r][c] at 208 + 16r + 4c, size 40) | after_m 248
//   b0 252 (bool: nonzero → 1) | m13 (column_major float1x3: 3 registers 256, 272, 288)
//   last 292; size 296 (74 words).
// layout Rules: f0=0 v3=4 v2=16 v2b=24 f1=32 v2c=36 arr=48 tail=84 varr=96 tail2=124 s=128 s.a=128 s.b=132 after_s=140 sarr=144 sarr.a=144 sarr.b=148 i0=172 mc=176 mr=208 after_m=248 b0=252 m13=256 last=292
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 uint[74] = iota 1073741824
// buffer u1 rw uint[51] = 0
// expect u1 = [0x40000000,  0x40000001, 0x40000002, 0x40000003,  0x40000004, 0x40000005,
//              0x40000006, 0x40000007,  0x40000008,  0x40000009, 0x4000000A,
//              0x4000000C, 0x40000010, 0x40000014,  0x40000015,
//              0x40000018, 0x40000019, 0x4000001A, 0x4000001C, 0x4000001D, 0x4000001E,
//              0x4000001F,  0x40000020, 0x40000021, 0x40000022,  0x40000023,
//              0x40000024, 0x40000025, 0x40000026, 0x40000028, 0x40000029, 0x4000002A,
//              0x4000002B,
//              0x4000002C, 0x40000030, 0x4000002D, 0x40000031, 0x4000002E, 0x40000032,
//              0x40000034, 0x40000035, 0x40000038, 0x40000039, 0x4000003C, 0x4000003D,
//              0x4000003E,  1,  0x40000040, 0x40000044, 0x40000048,  0x40000049]
// peer-bug glslang: std140-style packing (arrays, structs and matrices padded to whole registers), and `float1x3` becomes an invalid one-column OpTypeMatrix
struct S {
    float a;
    float2 b;
};
cbuffer Rules : register(b0) {
    float f0;
    float3 v3;
    float2 v2;
    float2 v2b;
    float f1;
    float2 v2c;
    float arr[3];
    float tail;
    float3 varr[2];
    float tail2;
    S s;
    float after_s;
    S sarr[2];
    int i0;
    float3x2 mc;
    row_major float3x2 mr;
    float after_m;
    bool b0;
    float1x3 m13;
    uint last;
};
RWStructuredBuffer<uint> o : register(u1);

#define W(x) o[k++] = asuint(x)
#define W2(v) W(v.x); W(v.y)
#define W3(v) W(v.x); W(v.y); W(v.z)

[numthreads(1, 1, 1)]
void main() {
    uint k = 0;
    W(f0); W3(v3); W2(v2); W2(v2b); W(f1); W2(v2c);
    W(arr[0]); W(arr[1]); W(arr[2]); W(tail);
    W3(varr[0]); W3(varr[1]); W(tail2);
    W(s.a); W2(s.b); W(after_s);
    W(sarr[0].a); W2(sarr[0].b); W(sarr[1].a); W2(sarr[1].b);
    W(i0);
    W(mc._11); W(mc._12); W(mc._21); W(mc._22); W(mc._31); W(mc._32);
    W(mr[0][0]); W(mr[0][1]); W(mr[1][0]); W(mr[1][1]); W(mr[2][0]); W(mr[2][1]);
    W(after_m);
    o[k++] = b0 ? 1u : 0u;
    W(m13._11); W(m13._12); W(m13._13);
    W(last);
}
