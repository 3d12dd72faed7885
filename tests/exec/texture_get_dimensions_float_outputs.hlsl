// GetDimensions overloads with float outputs (DXC converts the uint sizes) and with the mip
// argument, on 2D, 2D-array, 3D, cube and storage textures, and the element count and
// stride of a StructuredBuffer of a struct {float3 p; uint k; float2 uv;} (stride 24). By hand:
//   Texture2D 8x4, 3 mips: GetDimensions(1, w, h, levels) as floats → 4, 2, 3; (w, h) → 8, 4
//   Texture2DArray 4x2x3: (w, h, elements) → 4, 2, 3 (floats)
//   Texture3D 4x2x2, mip 1: (2, 1, 1, levels 2) as uints
//   TextureCube 2x2: (w, h) → 2, 2 (floats); RWTexture2D<float> 3x5: (3, 5) as floats
//   StructuredBuffer<S>[5]: count 5, stride 24
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled 2d r32float 8x4 mips 3 = 0
// texture t1 sampled 2darray r32float 4x2x3 = 0
// texture t2 sampled 3d r32float 4x2x2 mips 2 = 0
// texture t3 sampled cube r32float 2x2x6 = 0
// texture u4 rw 2d r32float 3x5 = 0
// buffer t5 ro float[30] = 0
// buffer u6 rw float[12] = 0
// buffer u7 rw uint[6] = 0
// expect u4 = 0
// expect u6 = [4, 2, 3, 8, 4, 4, 2, 3, 2, 2, 3, 5]
// expect u7 = [2, 1, 1, 2, 5, 24]
// peer-bug glslang: std430 stride for StructuredBuffer<S> (32, not 24: float3 aligned to 16), so count 3 and stride 32
struct S {
    float3 p;
    uint k;
    float2 uv;
};

Texture2D<float> t2 : register(t0);
Texture2DArray<float> ta : register(t1);
Texture3D<float> t3 : register(t2);
TextureCube<float> tc : register(t3);
RWTexture2D<float> rw : register(u4);
StructuredBuffer<S> sb : register(t5);
RWStructuredBuffer<float> of : register(u6);
RWStructuredBuffer<uint> ou : register(u7);

[numthreads(1, 1, 1)]
void main() {
    float w, h, levels, e;
    t2.GetDimensions(1, w, h, levels);
    of[0] = w; of[1] = h; of[2] = levels;
    t2.GetDimensions(w, h);
    of[3] = w; of[4] = h;
    ta.GetDimensions(w, h, e);
    of[5] = w; of[6] = h; of[7] = e;
    tc.GetDimensions(w, h);
    of[8] = w; of[9] = h;
    rw.GetDimensions(w, h);
    of[10] = w; of[11] = h;
    uint uw, uh, ud, ul;
    t3.GetDimensions(1, uw, uh, ud, ul);
    ou[0] = uw; ou[1] = uh; ou[2] = ud; ou[3] = ul;
    uint count, stride;
    sb.GetDimensions(count, stride);
    ou[4] = count; ou[5] = stride;
}
