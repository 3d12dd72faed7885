// lavapipe (Mesa 22.3.6) reduction, not run by default (HLSLC_EXEC_DIR=tests/exec/work/lavapipe):
// `GetDimensions(mip, w, h, levels)` (OpImageQuerySizeLod) with a mip that differs between the
// lanes of a subgroup gives every lane the size of the first lane's mip: u2[1..2] and u2[9..10]
// come back 4 from hlslc's SPIR-V and WGSL and from glslang alike. A mip that is the same in
// every lane (u2[4..7], from a cbuffer) is right. Expected: mip m of a 4x4 texture is 4 >> m.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d rgba8unorm 4x4 mips 3 = 0
// cbuffer b1 = u32 [1, 2]
// buffer u2 rw uint[12] = 0
// expect u2 = [4, 2, 1, 4, 2, 2, 2, 2, 4, 2, 1, 0]
Texture2D<float4> T : register(t0);
cbuffer C : register(b1) { uint One; uint Two; };
RWStructuredBuffer<uint> O : register(u2);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    uint w, h, l;
    T.GetDimensions(gi % 3, w, h, l);
    O[gi] = w;
    T.GetDimensions(One, w, h, l);
    O[4 + gi] = w;
    uint m = gi == 0 ? 0 : gi == 1 ? 1 : 2;
    T.GetDimensions(m, w, h, l);
    O[8 + gi] = gi < 3 ? w : 0;
}
