// Instance transforms as ray-tracing and instancing code stores them: a struct with a
// row_major float3x4 (three rows of four, 48 bytes, in row order as in D3D12 instance
// descriptors), a uint id and padding, read from a StructuredBuffer; each of 32 threads
// (instance, point) applies mul(transform, float4(p, 1)) and also mul(float4(p, 1), T)
// with T = transpose(transform), a column_major float4x3 view of the same matrix, which
// must agree; float3 output (stride 12). Small integers: exact.
// Expected values: tests/exec/algo/models.py (instance_transforms).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw float3[32] = 0
// buffer u3 rw uint[32] = 0
// peer-bug glslang: std430 strides: StructuredBuffer<float3> is 16, not 12, and Instance's float3 padding is 16-aligned (see structured_vec3_stride)
// buffer t0 ro = f32 [-1, 1, -2, 0, 2, 0, -2, -1, 0, -1, -2, -2] u32 [10] f32 [0, 0, 0] f32 [0, -1, -2, 2, 1, 2, -2,
//     1, 2, 0, -2, 0] u32 [11] f32 [0, 0, 0] f32 [1, 2, -2, 4, 0, -1, -2, 3, -1, 1, -2, 2] u32 [12] f32 [0,
//     0, 0] f32 [2, 0, -2, 6, -1, 1, -2, 5, 1, 2, -2, 4] u32 [13] f32 [0, 0, 0]
// buffer t1 ro float3[8] = [-1, -1, -2, 0, -1, 0, 1, -1, 2, -1, 0, -1, 0, 0, 1, 1,
//     0, -2, -1, 1, 0, 0, 1, 2]
// expect u2 = [4, 1, 3, -1, -1, -1, -6, -3, -5, 3, -1, 0,
//     -2, -3, -4, 3, 5, 2, 2, -3, -3, -3, -5, -7,
//     7, 2, 2, 3, -1, 0, -1, -4, -2, 4, 2, 0,
//     0, -1, -2, 6, 6, 6, 1, 2, -2, -3, -1, -4,
//     5, 8, 6, 2, 4, 1, -1, 0, -4, 5, 5, 5,
//     2, 1, 0, 9, 7, 5, 5, 2, 4, 2, -2, -1,
//     8, 9, 5, 6, 4, 2, 4, -1, -1, 6, 8, 5,
//     4, 3, 2, 12, 8, 9, 4, 7, 5, 2, 2, 2]
// expect u3 = [10, 10, 10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 11, 11, 11, 11,
//     12, 12, 12, 12, 12, 12, 12, 12, 13, 13, 13, 13, 13, 13, 13, 13]
struct Instance {
    row_major float3x4 transform;
    uint id;
    float3 pad;
};

StructuredBuffer<Instance> Instances : register(t0);
StructuredBuffer<float3> Points : register(t1);
RWStructuredBuffer<float3> World : register(u2);
RWStructuredBuffer<uint> Ids : register(u3);

[numthreads(8, 4, 1)]
void main(uint3 tid : SV_GroupThreadID) {
    Instance inst = Instances[tid.y];
    float4 p = float4(Points[tid.x], 1);
    float3 a = mul(inst.transform, p);
    float4x3 t = transpose(inst.transform);
    float3 b = mul(p, t);
    uint slot = tid.y * 8 + tid.x;
    World[slot] = all(a == b) ? a : float3(-999, -999, -999);
    Ids[slot] = inst.id;
}
