// `-fvk-use-scalar-layout`: constant buffers (`cbuffer`, `ConstantBuffer<T>`) are laid out
// tightly, as DXC lays them out with the flag (its SPIR-V.rst, "Memory layout rules": every
// value aligned to its scalar size, no 16-byte rules). The host fills each buffer with words
// 0x40000000 + i (i = byte offset / 4) and the shader writes asuint() of every component in
// declaration order, so each expected value is 0x40000000 + (offset of the component) / 4,
// offsets derived by hand from the scalar layout (a struct aligned to its largest scalar, an
// array's stride its element's size, a matrix its stored vectors back to back, columns by
// default):
//   a 0 | b (float3) 4 | c 16 | d (float2) 20 | arr[3] 28, 32, 36 (stride 4) | e 40 |
//   s {x 44, y (float3) 48} (size 16) | mc (float2x3, 3 columns of float2, stride 8) 60:
//   mc[r][c] at 60 + 8c + 4r | mr (row_major float2x3, 2 rows of float3, stride 12) 84:
//   mr[r][c] at 84 + 12r + 4c | g 108 | h (float2) 112 | i 120.
// Direct3D's packing would put b at 16, arr's elements 16 bytes apart, and so on.
// CB2 (ConstantBuffer<P>, P = { float x; float2 y; float z[2]; }): x 0, y 4, z 12 and 16.
// layout CB: a=0 b=4 c=16 d=20 arr=28 e=40 s=44 s.x=44 s.y=48 mc=60 mr=84 g=108 h=112 i=120
// layout CB2: x=0 y=4 z=12
// exec: -T cs_6_0 -E main -fvk-use-scalar-layout dispatch 1 1 1
// cbuffer b0 uint[32] = iota 1073741824
// cbuffer b1 uint[8] = iota 1073741824
// buffer u2 rw uint[36] = 0
// expect u2 = [0x40000000,  0x40000001, 0x40000002, 0x40000003,  0x40000004,  0x40000005, 0x40000006,
//              0x40000007, 0x40000008, 0x40000009,  0x4000000A,
//              0x4000000B, 0x4000000C, 0x4000000D, 0x4000000E,
//              0x4000000F, 0x40000011, 0x40000013, 0x40000010, 0x40000012, 0x40000014,
//              0x40000015, 0x40000016, 0x40000017, 0x40000018, 0x40000019, 0x4000001A,
//              0x4000001B,  0x4000001C, 0x4000001D,  0x4000001E,
//              0x40000000,  0x40000001, 0x40000002,  0x40000003, 0x40000004]
// peer-bug glslang: no equivalent of DXC's -fvk-use-scalar-layout for constant buffers
struct S {
    float x;
    float3 y;
};

struct P {
    float x;
    float2 y;
    float z[2];
};

cbuffer CB : register(b0) {
    float a;
    float3 b;
    float c;
    float2 d;
    float arr[3];
    float e;
    S s;
    float2x3 mc;
    row_major float2x3 mr;
    float g;
    float2 h;
    float i;
};

ConstantBuffer<P> CB2 : register(b1);
RWStructuredBuffer<uint> O : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint k = 0;
    O[k++] = asuint(a);
    O[k++] = asuint(b.x); O[k++] = asuint(b.y); O[k++] = asuint(b.z);
    O[k++] = asuint(c);
    O[k++] = asuint(d.x); O[k++] = asuint(d.y);
    for (uint n = 0; n < 3; n++) {
        O[k++] = asuint(arr[n]);
    }
    O[k++] = asuint(e);
    O[k++] = asuint(s.x); O[k++] = asuint(s.y.x); O[k++] = asuint(s.y.y); O[k++] = asuint(s.y.z);
    for (uint r = 0; r < 2; r++) {
        for (uint q = 0; q < 3; q++) {
            O[k++] = asuint(mc[r][q]);
        }
    }
    for (uint r2 = 0; r2 < 2; r2++) {
        for (uint q2 = 0; q2 < 3; q2++) {
            O[k++] = asuint(mr[r2][q2]);
        }
    }
    O[k++] = asuint(g);
    O[k++] = asuint(h.x); O[k++] = asuint(h.y);
    O[k++] = asuint(i);
    O[k++] = asuint(CB2.x);
    O[k++] = asuint(CB2.y.x); O[k++] = asuint(CB2.y.y);
    O[k++] = asuint(CB2.z[0]); O[k++] = asuint(CB2.z[1]);
}
