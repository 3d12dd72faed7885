// Linear blend skinning: bone matrices in a StructuredBuffer<float4x4> (no majorness
// keyword, so column_major: the buffer holds each matrix column by column), vertices as a
// struct with float3, two uint bone indices and a float weight (stride 24); each vertex is
// transformed by both bones with mul(M, float4(pos, 1)) and blended w * a + (1 - w) * b,
// written as float3 (stride 12). Small integers and weights in quarters: exact.
// Expected values: tests/exec/algo/models.py (skinning).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw float3[8] = 0
// peer-bug glslang: std430 strides: Vertex and the float3 output are not tightly packed (see structured_vec3_stride)
// buffer t0 ro float[64] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
//     2, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, -1, 2, 1,
//     3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, -2, 4, 1,
//     4, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 3, -3, 6, 1]
// buffer t1 ro = f32 [0, 0, 0] u32 [0, 1] f32 [1] f32 [1, 0, -1] u32 [1, 2] f32 [0.75] f32 [2, 0, 0] u32 [2, 3] f32 [0.5] f32 [0,
//     1, -1] u32 [3, 0] f32 [0.25] f32 [1, 1, 0] u32 [0, 1] f32 [1] f32 [2, 1, -1] u32 [1, 2] f32 [0.75] f32 [0,
//     2, 0] u32 [2, 3] f32 [0.5] f32 [1, 2, -1] u32 [3, 0] f32 [0.25]
// expect u2 = [0, 0, 0, 3.5, -2, 2.25, 9.5, -2.5, 5, 0.75, -0.25, 1,
//     1, 1, 0, 5.75, -1.75, 3, 2.5, -1.5, 6, 2.5, 0.5, 1.25]
struct Vertex {
    float3 pos;
    uint bone0;
    uint bone1;
    float weight;
};

StructuredBuffer<float4x4> Bones : register(t0);
StructuredBuffer<Vertex> Vertices : register(t1);
RWStructuredBuffer<float3> Skinned : register(u2);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Vertex v = Vertices[i];
    float4 p = float4(v.pos, 1);
    float4 a = mul(Bones[v.bone0], p);
    float4 b = mul(Bones[v.bone1], p);
    float w = v.weight;
    Skinned[i] = (w * a + (1 - w) * b).xyz;
}
