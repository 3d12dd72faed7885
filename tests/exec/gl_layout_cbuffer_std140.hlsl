// `-fvk-use-gl-layout`: constant buffers (`cbuffer`, `ConstantBuffer<T>`) are laid out by
// OpenGL's strict std140, as DXC lays them out with the flag (its SPIR-V.rst, "Memory layout
// rules"). The host fills each buffer with words 0x40000000 + i (i = byte offset / 4) and the
// shader writes asuint() of every component in declaration order, so each expected value is
// 0x40000000 + (offset of the component) / 4, offsets derived by hand from std140 (a vector
// aligned to 2 or 4 components, a float3 to 16; arrays, structs and matrices aligned to 16,
// an array's stride and a struct's size rounded up to 16; a matrix an array of its stored
// vectors, columns by default):
//   a 0 | b (float3) 16 | c (after a float3) 28 | d (float2) 32 | arr[3] 48, 64, 80 (stride 16,
//   size 48) | e 96 | s {x 112, y (float3) 128} (size 32) | mc (float2x3, 3 columns of float2,
//   stride 16) 144: mc[r][c] at 144 + 16c + 4r | mr (row_major float2x3, 2 rows of float3)
//   192: mr[r][c] at 192 + 16r + 4c | g 224 | h (float2) 232 | i 240.
// Direct3D's packing would put b at 4, arr's elements at 48, 64, 80 but s at 96, and so on.
// CB2 (ConstantBuffer<P>, P = { float x; float2 y; float z[2]; }): x 0, y 8, z 16 and 32.
// layout CB: a=0 b=16 c=28 d=32 arr=48 e=96 s=112 s.x=112 s.y=128 mc=144 mr=192 g=224 h=232 i=240
// layout CB2: x=0 y=8 z=16
// exec: -T cs_6_0 -E main -fvk-use-gl-layout dispatch 1 1 1
// cbuffer b0 uint[64] = iota 1073741824
// cbuffer b1 uint[12] = iota 1073741824
// buffer u2 rw uint[36] = 0
// expect u2 = [0x40000000,  0x40000004, 0x40000005, 0x40000006,  0x40000007,  0x40000008, 0x40000009,
//              0x4000000C, 0x40000010, 0x40000014,  0x40000018,
//              0x4000001C, 0x40000020, 0x40000021, 0x40000022,
//              0x40000024, 0x40000028, 0x4000002C, 0x40000025, 0x40000029, 0x4000002D,
//              0x40000030, 0x40000031, 0x40000032, 0x40000034, 0x40000035, 0x40000036,
//              0x40000038,  0x4000003A, 0x4000003B,  0x4000003C,
//              0x40000000,  0x40000002, 0x40000003,  0x40000004, 0x40000008]
// peer-bug glslang: no equivalent of DXC's -fvk-use-gl-layout (its HLSL front end packs constant and texture buffers with vector-relaxed offsets, a float3 after a float at 4)
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
