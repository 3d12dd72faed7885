// Per-frame constants and per-object records as a renderer binds them: a `cbuffer` with
// `packoffset` (a column-major float4x4 at c0, a float4 array at c4, scalars and a float2
// packed into c7, an array of two row_major float2x3 at c8: one register per row, each
// element starting a register), read with dynamic indices; a `ConstantBuffer<Material>`;
// a `StructuredBuffer<Bone>` of nested structs with array members (D3D structured layout:
// weights 0-11, ids 12-19, inner.uv 20-27, inner.k 28-35, stride 36), indexed through a
// `static const uint` permutation table; and `sizeof` of both structs (36 + 24).
// Per thread t: mul(viewProj, (t, 1, -t, 1)), tint[t % 3] * albedo, mul(skew[t & 1],
// (1, 2, 3)), the bone's weights dotted with (1, 2, 3), ids summed, uv.x + k[t & 1],
// lightCount * exposure + jitter.x, ±roughness by flag bit t, the sizes. Exact values.
// layout Frame: viewProj=0 tint=64 lightCount=112 exposure=116 jitter=120 skew=128
// Expected values: tests/exec/mix/models.py (cbuffer_records).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 0, 0.5, 0, 0, 3, 0, 0, 2, 0, 1, -1, 0, -1, 4, 1, 1, 0.5, 2, 1, 0.25, 1, 1,
//     0, 2, 2, 0.5, 1] u32 [3] f32 [0.5, 0.25, -1] f32 [1, 0, -1, 0, 2, 0.5, 0, 0, 0, 1, 1, 0, -1,
//     0, 3, 0]
// cbuffer b1 = f32 [0.5, 2, 1, 4] u32 [10] f32 [0.75]
// buffer t2 ro = f32 [0.5, 0.25, 0.25] u32 [3, 7] f32 [1.5, -2] i32 [4, -6] f32 [1, 0,
//     0] u32 [1, 2] f32 [0.25, 8] i32 [-1, 9] f32 [0.125, 0.375, 0.5] u32 [10, 20] f32 [-3,
//     0.5] i32 [0, 5] f32 [0.75, 0, 0.25] u32 [6, 0] f32 [2, 2] i32 [7, 7]
// buffer u3 rw float[64] = 0
// expect u3 = [0, 2, 4, 1, 0.5, 1, 2, 4, -2, 3, 2.375, 30, -3, 1.75, -0.75, 60, -1, 2, 3.5, 2,
//     0.125, 2, 1, 0, 5, 8, 1.75, 10, -4.5, 1.75, 0.75, 60, -2, 2, 3, 3, 1, 4, 0.5, 4, -2, 3,
//     1.5, 6, 9, 1.75, -0.75, 60, -3, 2, 2.5, 4, 0.5, 1, 2, 4, 5, 8, 1, 3, 9.25, 1.75, 0.75,
//     60]
// peer-bug glslang: std430 strides in structured buffers (Bone's float2 at 24, stride 40)
cbuffer Frame : register(b0) {
    float4x4 viewProj : packoffset(c0);
    float4 tint[3] : packoffset(c4);
    uint lightCount : packoffset(c7.x);
    float exposure : packoffset(c7.y);
    float2 jitter : packoffset(c7.z);
    row_major float2x3 skew[2] : packoffset(c8);
};

struct Material {
    float4 albedo;
    uint flags;
    float roughness;
};
ConstantBuffer<Material> Mat : register(b1);

struct Inner {
    float2 uv;
    int k[2];
};

struct Bone {
    float weights[3];
    uint ids[2];
    Inner inner;
};
StructuredBuffer<Bone> Bones : register(t2);
RWStructuredBuffer<float> Out : register(u3);

static const uint kPerm[8] = { 2, 0, 3, 1, 1, 3, 0, 2 };

float boneWeight(Bone b) {
    float w = 0;
    for (uint i = 0; i < 3; ++i)
        w += b.weights[i] * (i + 1);
    return w;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float4 clip = mul(viewProj, float4(t, 1, -(float)t, 1));
    float4 colour = tint[t % 3] * Mat.albedo;
    float2 sk = mul(skew[t & 1], float3(1, 2, 3));
    Bone b = Bones[kPerm[t]];
    float misc[6] = {
        boneWeight(b),
        b.ids[0] + b.ids[1],
        b.inner.uv.x + b.inner.k[t & 1],
        lightCount * exposure + jitter.x,
        (Mat.flags & (1u << t)) != 0 ? Mat.roughness : -Mat.roughness,
        sizeof(Bone) + sizeof(Material),
    };
    float results[16] = { clip, colour, sk, misc };
    [unroll]
    for (uint k = 0; k < 16; ++k)
        Out[16 * t + k] = results[k];
}
