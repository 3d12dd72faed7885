// Linear-blend skinning as animation pipelines write it: bones are 3x4 affine matrices whose
// rows arrive as float4s (the layout of D3D bone palettes), gathered into a `row_major
// float3x4` local; each vertex blends two bones: mul(bone, float4(pos, 1)) (3x4 by 4: a
// non-square product) weighted, and the normal through `(float3x3)bone` (the upper-left
// block); then mul(transpose(bone), …) forms: `mul(float4(pos, 1), transpose(bone))` must
// equal mul(bone, p), and `mul(pos, bone)` (a float3 row vector times a 3x4) gives a float4.
// Bone b row r: ((b + r + c) % 3) - 1 + 2 [r == c] for c < 3, translation b / 2 - r. All
// values are small binary fractions: exact. Per vertex 13 floats: skinned position, normal,
// the transposed product, mul(pos, bone).
// Expected values: tests/exec/mix/models.py (skinning_row_major_bones).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[12] = [1, 0, 1, 0, 0, 3, -1, -1, 1, -1, 2, -2, 2, 1, -1, 0.5, 1, 1, 0, -0.5,
//     -1, 0, 3, -1.5, 3, -1, 0, 1, -1, 2, 1, 0, 0, 1, 1, -1, 1, 0, 1, 1.5, 0, 3, -1, 0.5, 1, -1, 2,
//     -0.5]
// buffer t1 ro float3[4] = [1, 2, 3,  -1, 0.5, 2,  0, 0, 1,  2, -2, 0.25]
// buffer t2 ro uint2[4] = [0, 1,  1, 2,  3, 0,  2, 3]
// buffer t3 ro float2[4] = [0.75, 0.25,  0.5, 0.5,  1, 0,  0.25, 0.75]
// buffer u4 rw float[52] = 0
// expect u4 = [3.375, 2.125, 3.875, 0.5, -0.75, 2.25, 4, 2, 3, 4, 3, 5, -8, -2.75, 1.5, 3.5, -0.5,
//     0.5, 2, -3, -1, 5.5, -3.5, -0.5, 7, -3.75, 2.5, -0.5, 1.5, 1, -1, 2, 2.5, -0.5, 1.5, 1, -1,
//     2, -0.5, 5.0625, -5.75, 2.3125, 0.75, -0.5, 1.75, 9, -5.75, -2.75, 8, -5.75, -1.75, 1.75]
// peer-bug glslang: std430 stride for float3 structured elements (16 bytes, not 12: structured_vec3_stride), so Positions is read from the wrong offsets
StructuredBuffer<float4> BoneRows : register(t0);
StructuredBuffer<float3> Positions : register(t1);
StructuredBuffer<uint2> Indices : register(t2);
StructuredBuffer<float2> Weights : register(t3);
RWStructuredBuffer<float> Out : register(u4);

row_major float3x4 loadBone(uint b) {
    row_major float3x4 m;
    [unroll] for (uint r = 0; r < 3; ++r)
        m[r] = BoneRows[b * 3 + r];
    return m;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float3 pos = Positions[t];
    uint2 idx = Indices[t];
    float2 w = Weights[t];
    float3 skinned = 0, normal = 0;
    [unroll] for (uint k = 0; k < 2; ++k) {
        row_major float3x4 bone = loadBone(idx[k]);
        skinned += w[k] * mul(bone, float4(pos, 1));
        normal += w[k] * mul((float3x3)bone, float3(0, 0, 1));
    }
    row_major float3x4 first = loadBone(idx.x);
    float3 viaTranspose = mul(float4(pos, 1), transpose(first));
    float4 rowVector = mul(pos, first);

    uint o = t * 13;
    [unroll] for (uint i = 0; i < 3; ++i) {
        Out[o + i] = skinned[i];
        Out[o + 3 + i] = normal[i];
        Out[o + 6 + i] = viaTranspose[i];
    }
    [unroll] for (uint j = 0; j < 4; ++j)
        Out[o + 9 + j] = rowVector[j];
}
