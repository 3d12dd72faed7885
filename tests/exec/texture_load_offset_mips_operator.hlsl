// Texture2D Load with mip and offset, mips[][], operator[], GetDimensions with a mip.
// The texels hold their own index: mip 0 (4x4) is y * 4 + x, mip 1 (2x2) is 16 + y * 2 + x.
// Load (1, 2) mip 0 = 9; (1, 1) mip 1 = 19; (0, 0) with offset (3, 1) = texel (3, 1) = 7;
// mips[1][(0, 1)] = 18; [(3, 3)] = 15; mip 1 is 2x2 of 2 levels.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t1 sampled 2d r32float 4x4 mips 2 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
// buffer u0 rw float[8] = 0
// expect u0 = [9, 19, 7, 18, 15, 2, 2, 2]
Texture2D<float> tex : register(t1);
RWStructuredBuffer<float> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
  o[0] = tex.Load(int3(1, 2, 0));
  o[1] = tex.Load(int3(1, 1, 1));
  o[2] = tex.Load(int3(0, 0, 0), int2(3, 1));
  o[3] = tex.mips[1][uint2(0, 1)];
  o[4] = tex[uint2(3, 3)];
  uint w, h, levels;
  tex.GetDimensions(1, w, h, levels);
  o[5] = w; o[6] = h; o[7] = levels;
}
