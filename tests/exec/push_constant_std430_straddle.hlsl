// DXC lays push constants out by vector-relaxed std430: a vector is aligned to its component
// unless it would straddle a 16-byte boundary, then to 16. resolution (float2) @0, position
// (float3) would span 8..20, so @16; color would span 28..40, so @32 (the layout of a host
// struct with `alignas(16)` vec3s, as Khronos' swapchain_present_timing sample declares it).
// The tight layout would read position at 8 and color at 20. Pushed words:
//   1, 2, 0, 0, 3, 4, 5, 0, 6, 7, 8
// exec: -T cs_6_0 -E main dispatch 1 1 1
// push = f32 [1, 2, 0, 0, 3, 4, 5, 0, 6, 7, 8]
// buffer u0 rw float[8] = 0
// expect u0 = [1, 2, 3, 4, 5, 6, 7, 8]
struct PushConstants {
  float2 resolution;
  float3 position;
  float3 color;
};

[[vk::push_constant]] PushConstants pc;
RWStructuredBuffer<float> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
  output[0] = pc.resolution.x;
  output[1] = pc.resolution.y;
  output[2] = pc.position.x;
  output[3] = pc.position.y;
  output[4] = pc.position.z;
  output[5] = pc.color.x;
  output[6] = pc.color.y;
  output[7] = pc.color.z;
}
