// `-fvk-use-gl-layout`: structured and byte-address buffers are laid out by OpenGL's strict
// std430, as DXC lays them out with the flag (its SPIR-V.rst, "Memory layout rules"). The
// host fills t0 and t1 with words 0x40000000 + i (i = byte offset / 4); the shader writes
// asuint() of every component of t0[1] in declaration order, so each expected value is
// 0x40000000 + (192 + offset of the component) / 4, offsets derived by hand from std430 (a
// vector aligned to 2 or 4 components, a float3 to 16; arrays and structs aligned to their
// most aligned member, an array's stride its element's size rounded up to that; a matrix an
// array of its stored vectors, columns by default):
//   a 0 | b (float3) 16 | c (after a float3) 28 | d (float2) 32 | arr[3] 40, 44, 48 (stride 4)
//   | e 52 | s {x 64, y (float3) 80} (aligned to 16, size 32) | mc (float2x3: 3 columns of
//   float2, stride 8) 96: mc[r][c] at 96 + 8c + 4r | mr (row_major float2x3: 2 rows of float3,
//   stride 16) 128: mr[r][c] at 128 + 16r + 4c | g 160 | h (float3) 176; size 188 rounded up
//   to the struct's alignment 16: stride 192, so t0[1] starts at 192 (word 48).
// The tight layout would give b 4, stride 120. t1.Load<S>(64) reads x at 64 (word 16) and y
// at 80 (words 20-22). u2[1].x = 1 and u2[1].y = (2, 3, 4) write at 32 and 48 (std430's S:
// stride 32, y at 16).
// layout t0: a=0 b=16 c=28 d=32 arr=40 e=52 s=64 s.x=64 s.y=80 mc=96 mr=128 g=160 h=176
// exec: -T cs_6_2 -E main -fvk-use-gl-layout dispatch 1 1 1
// buffer t0 ro uint[96] = iota 1073741824
// buffer t1 ro uint[32] = iota 1073741824
// buffer u2 rw float[16] = 0
// buffer u3 rw uint[35] = 0
// expect u2 = [0, 0, 0, 0, 0, 0, 0, 0,  1, 0, 0, 0, 2, 3, 4, 0]
// expect u3 = [0x40000030,  0x40000034, 0x40000035, 0x40000036,  0x40000037,  0x40000038, 0x40000039,
//              0x4000003A, 0x4000003B, 0x4000003C,  0x4000003D,
//              0x40000040, 0x40000044, 0x40000045, 0x40000046,
//              0x40000048, 0x4000004A, 0x4000004C, 0x40000049, 0x4000004B, 0x4000004D,
//              0x40000050, 0x40000051, 0x40000052, 0x40000054, 0x40000055, 0x40000056,
//              0x40000058,  0x4000005C, 0x4000005D, 0x4000005E,
//              0x40000010,  0x40000014, 0x40000015, 0x40000016]
// peer-bug glslang: no equivalent of DXC's -fvk-use-gl-layout (its HLSL front end packs constant and texture buffers with vector-relaxed offsets, a float3 after a float at 4)
struct S {
    float x;
    float3 y;
};

struct T {
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
    float3 h;
};

StructuredBuffer<T> t0 : register(t0);
ByteAddressBuffer t1 : register(t1);
RWStructuredBuffer<S> u2 : register(u2);
RWStructuredBuffer<uint> O : register(u3);

[numthreads(1, 1, 1)]
void main() {
    T v = t0[1];
    uint k = 0;
    O[k++] = asuint(v.a);
    O[k++] = asuint(v.b.x); O[k++] = asuint(v.b.y); O[k++] = asuint(v.b.z);
    O[k++] = asuint(v.c);
    O[k++] = asuint(v.d.x); O[k++] = asuint(v.d.y);
    for (uint n = 0; n < 3; n++) {
        O[k++] = asuint(v.arr[n]);
    }
    O[k++] = asuint(v.e);
    O[k++] = asuint(v.s.x); O[k++] = asuint(v.s.y.x); O[k++] = asuint(v.s.y.y); O[k++] = asuint(v.s.y.z);
    for (uint r = 0; r < 2; r++) {
        for (uint q = 0; q < 3; q++) {
            O[k++] = asuint(v.mc[r][q]);
        }
    }
    for (uint r2 = 0; r2 < 2; r2++) {
        for (uint q2 = 0; q2 < 3; q2++) {
            O[k++] = asuint(t0[1].mr[r2][q2]);
        }
    }
    O[k++] = asuint(t0[1].g);
    O[k++] = asuint(t0[1].h.x); O[k++] = asuint(t0[1].h.y); O[k++] = asuint(t0[1].h.z);
    S l = t1.Load<S>(64);
    O[k++] = asuint(l.x);
    O[k++] = asuint(l.y.x); O[k++] = asuint(l.y.y); O[k++] = asuint(l.y.z);
    u2[1].x = 1.0;
    u2[1].y = float3(2.0, 3.0, 4.0);
}
