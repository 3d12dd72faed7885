// A push-constant block is laid out as DXC lays it out by default, by vector-relaxed std430
// (the tight layout of -fvk-use-dx-layout agrees for these members): i @0, j @4, inner @8
// (a struct of one float2: aligned to 4), arr[0] @16, arr[1] @20 (stride 4), m @24
// (column-major float2x2: columns (m00, m10) @24 and (m01, m11) @32, stride 8). Constant-buffer
// packing would put inner at 16, arr[1] at 48 and m at 64. The pushed words are
//   42, 43, 1.5, 2.5, 3.5, 4.5, 1, 2, 3, 4
// so m[0][0] = 1, m[1][0] = 2, m[0][1] = 3, m[1][1] = 4. A float2 followed by a float3 (which
// std430 moves to 16 while the tight layout packs it at 8) is push_constant_std430_straddle.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// push = u32 [42, 43] f32 [1.5, 2.5, 3.5, 4.5, 1, 2, 3, 4]
// buffer u0 rw float[9] = 0
// expect u0 = [42, 43, 1.5, 2.5, 3.5, 4.5, 3, 2, 4]
// peer-bug glslang: lays the push-constant block out by std140 rules (the struct at 16, the array with a 16-byte stride, the matrix at 64), where DXC uses std430 (or the tight layout with -fvk-use-dx-layout), which agree here
struct Inner {
  float2 v;
};

struct S {
  int i;
  uint j;
  Inner inner;
  float arr[2];
  float2x2 m;
};

[[vk::push_constant]] S pc;
RWStructuredBuffer<float> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
  output[0] = (float)pc.i;
  output[1] = (float)pc.j;
  output[2] = pc.inner.v.x;
  output[3] = pc.inner.v.y;
  output[4] = pc.arr[0];
  output[5] = pc.arr[1];
  output[6] = pc.m[0][1];
  output[7] = pc.m[1][0];
  output[8] = pc.m[1][1];
}
