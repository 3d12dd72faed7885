// `-fvk-use-gl-layout` for the other buffers DXC lays out by it: `$Globals` by std140 (DXC's
// constant-buffer rule), `tbuffer` and the push-constant block by std430 (its storage-buffer
// rule). The host fills $Globals and the tbuffer with words 0x40000000 + i (i = byte offset
// / 4), so each value read is 0x40000000 + offset / 4, offsets derived by hand:
//   $Globals (std140): ga 0 | gb (float3) 16 | gc[2] 32, 48 (stride 16, size 32) | gd 64
//     (Direct3D: gb 4, gc 16 and 32, gd 36)
//   tbuffer TB (std430): ta 0 | tb (float3) 16 | tc[2] 28, 32 (stride 4) | td 36
//     (std140 would put tc at 32 and 48; Direct3D tb at 4, tc at 16 and 32)
//   the push-constant block PC (std430): pa 0 | pb (float3) 16 | pc 28 (DXC's default vector-relaxed
//     std430 and the tight layout put pb at 4, pc at 16); pushed words 1, 2, …, 8 as floats,
//     so pa = 1, pb = (5, 6, 7), pc = 8.
// layout $Globals: ga=0 gb=16 gc=32 gd=64
// layout TB: ta=0 tb=16 tc=28 td=36
// layout PC: pa=0 pb=16 pc=28
// exec: -T cs_6_0 -E main -fvk-use-gl-layout dispatch 1 1 1
// cbuffer b0 uint[20] = iota 1073741824
// buffer t1 ro uint[12] = iota 1073741824
// push = f32 [1, 2, 3, 4, 5, 6, 7, 8]
// buffer u2 rw uint[14] = 0
// buffer u3 rw float[5] = 0
// expect u2 = [0x40000000,  0x40000004, 0x40000005, 0x40000006,  0x40000008, 0x4000000C,  0x40000010,
//              0x40000000,  0x40000004, 0x40000005, 0x40000006,  0x40000007, 0x40000008,  0x40000009]
// expect u3 = [1, 5, 6, 7, 8]
// peer-bug glslang: no equivalent of DXC's -fvk-use-gl-layout (its HLSL front end packs constant and texture buffers with vector-relaxed offsets, a float3 after a float at 4)
float ga;
float3 gb;
float gc[2];
float gd;

tbuffer TB : register(t1) {
    float ta;
    float3 tb;
    float tc[2];
    float td;
};

struct Push {
    float pa;
    float3 pb;
    float pc;
};
[[vk::push_constant]] Push PC;

RWStructuredBuffer<uint> O : register(u2);
RWStructuredBuffer<float> F : register(u3);

[numthreads(1, 1, 1)]
void main() {
    uint k = 0;
    O[k++] = asuint(ga);
    O[k++] = asuint(gb.x); O[k++] = asuint(gb.y); O[k++] = asuint(gb.z);
    O[k++] = asuint(gc[0]); O[k++] = asuint(gc[1]);
    O[k++] = asuint(gd);
    O[k++] = asuint(ta);
    O[k++] = asuint(tb.x); O[k++] = asuint(tb.y); O[k++] = asuint(tb.z);
    O[k++] = asuint(tc[0]); O[k++] = asuint(tc[1]);
    O[k++] = asuint(td);
    F[0] = PC.pa;
    F[1] = PC.pb.x; F[2] = PC.pb.y; F[3] = PC.pb.z;
    F[4] = PC.pc;
}
