// [[vk::push_constant]] on a struct global: the block is read from the pipeline's push
// constants (wgpu immediates), not from $Globals. Members (offsets equal under D3D
// constant-buffer packing, std140 and std430): scale float4 @0, bias uint4 @16, k float @32,
// n uint @36. Thread t writes scale[t] * k + bias[t] + n:
//   t=0: 1.5*2 + 10 + 100 = 113;  t=1: -2*2 + 20 + 100 = 116;
//   t=2: 0.25*2 + 30 + 100 = 130.5; t=3: 3*2 + 40 + 100 = 146
// exec: -T cs_6_0 -E main dispatch 1 1 1
// push = f32 [1.5, -2, 0.25, 3] u32 [10, 20, 30, 40] f32 [2] u32 [100]
// buffer u0 rw float[4] = 0
// expect u0 = [113, 116, 130.5, 146]
struct Constants {
    float4 scale;
    uint4 bias;
    float k;
    uint n;
};
[[vk::push_constant]] Constants pc;
RWStructuredBuffer<float> output : register(u0);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    output[t] = pc.scale[t] * pc.k + pc.bias[t] + pc.n;
}
