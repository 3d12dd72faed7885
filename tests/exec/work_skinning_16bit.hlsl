// GPU skinning over a compressed 16-bit vertex format, as engines' compute skinning passes
// read it with `-enable-16bit-types`: each vertex is a 24-byte record in a
// `ByteAddressBuffer`: `half4` position (w unused) at +0, `uint16_t4` bone indices at +8 and
// `half4` weights at +16, read with templated `Load<half4>` / `Load<uint16_t4>`. The bones
// are an array of `row_major float3x4` in a cbuffer; the skinned position is the weighted sum of
// mul(bone, float4(p, 1)) in float (half values widen exactly), the weight sum is checked in
// half arithmetic, and the result is also stored as `half4` with `Store<half4>` (8-byte
// aligned: whole words, no 16-bit read-modify-write). Positions, weights and bone matrices
// are dyadic, so the float results are exact; the half store rounds to nearest even. One weight
// set sums to 1.125 (its check is 0).
// Expected values: tests/exec/work/models.py (skinning_16bit).
// requires f16 i16
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// cbuffer b0 = f32 [2.875, 0.0625, -2, 0.625, 0.6875, 1.3125, -1.5, -1.9375, 1.125, 1.0625, 2.625,
//     -1.375, -0.6875, 0.5625, 0.75, -1.375, -0.375, 2.0625, 1.0625, -1.75, 0.3125, 0.875, 0.8125,
//     1.75, 0.5, -1.8125, -1.6875, 1.4375, 0.5625, 0.25, 1.75, 1.5, -1.3125, -1.6875, 0.375,
//     -1.8125, 2.125, 1.6875, 0.4375, -0.25, -0.875, 0.5625, -1.75, -1.5625, 0, -1.8125, -1,
//     -1.4375]
// buffer t1 ro uint[96] = [3288874432, 17448, 1, 65539, 15360, 0, 3346057048, 17280, 65536, 131075,
//     939538432, 0, 1169180064, 50208, 0, 3, 872429568, 805318656, 3223338880, 17592, 1, 196608,
//     872430080, 0, 1098925208, 49440, 65539, 196610, 905983488, 13312, 3206562904, 16464, 196610,
//     1, 872429568, 805319680, 3250600992, 50736, 65538, 131073, 15360, 0, 3258990656, 17536,
//     65538, 65538, 939538432, 0, 1052821384, 49664, 131072, 65537, 872429568, 805318656,
//     3276851096, 50368, 3, 131072, 872430080, 0, 1147159360, 16352, 196611, 0, 905983488, 13312,
//     3321905808, 50968, 131072, 196609, 872429568, 805319680, 3284157960, 18104, 196610, 196611,
//     15360, 0, 1179697232, 48160, 65537, 2, 939538432, 0, 1102104000, 50080, 1, 131075, 872429568,
//     805318656, 1152433984, 17896, 196610, 131072, 872430080, 0]
// buffer u2 rw float4[16] = 0
// buffer u3 rw uint[32] = 0
// buffer u4 rw uint[16] = 0
// peer-bug glslang: unknown type name `uint16_t4` (no 16-bit integer types)
// expect u2 = [-1.51367188, -6.1875, 2.04882812, 5, -13.0751953, -16.3623047, -5.85058594, 6,
//     24.6640625, 14.1259766, -0.805664062, 3, -1.1015625, -3.87841797, 6.00634766, 4, 3.81469727,
//     0.0439453125, -3.49194336, 9, 3.47875977, -0.654785156, -0.205810547, 6, 17.6054688,
//     -9.46679688, -0.634765625, 6, -0.32421875, 2.7890625, 2.84765625, 6, -6.91650391,
//     -1.74951172, -7.33105469, 4, -21.4599609, 7.29541016, 0.88671875, 5, 13.6186523, -3.453125,
//     -5.37207031, 6, 14.5217285, -6.24755859, -10.996582, 6, 0.138671875, 15.6816406,
//     -0.669921875, 11, 2.88476562, 10.9824219, 5.76171875, 4, -2.55371094, 2.50610352,
//     -4.44482422, 6, -11.8505859, 7.07226562, -7.80664062, 7]
// expect u3 = [3325083150, 1006649369, 3424111242, 1006683610, 1259359786, 1006680690, 3284319336,
//     1006650882, 698368929, 1006682876, 3107799797, 1006678678, 3367783527, 1006680340,
//     1100264752, 1006649778, 3204499179, 1006683989, 1196215645, 1006648088, 3270003407,
//     1006683487, 3326036803, 1006684544, 1272393840, 1006680412, 1233011141, 1006650819,
//     1090765084, 1006683250, 1192413677, 1006684110]
// expect u4 = [1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1]
cbuffer Skeleton : register(b0)
{
    row_major float3x4 Bones[4];
};

ByteAddressBuffer VertexData : register(t1);
RWStructuredBuffer<float4> Skinned : register(u2);
RWByteAddressBuffer SkinnedHalf : register(u3);
RWStructuredBuffer<uint> WeightCheck : register(u4);

struct SkinVertex
{
    half3 position;
    uint16_t4 bones;
    half4 weights;
};

SkinVertex LoadVertex(uint index)
{
    SkinVertex v;
    v.position = VertexData.Load<half4>(index * 24).xyz;
    v.bones = VertexData.Load<uint16_t4>(index * 24 + 8);
    v.weights = VertexData.Load<half4>(index * 24 + 16);
    return v;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    const SkinVertex v = LoadVertex(i);
    const float4 p = float4(v.position, 1.0);
    float3 result = 0;
    [unroll]
    for (uint k = 0; k < 4; ++k)
        result += (float)v.weights[k] * mul(Bones[v.bones[k]], p);
    Skinned[i] = float4(result, (float)(v.bones.x + v.bones.y + v.bones.z + v.bones.w));
    SkinnedHalf.Store<half4>(i * 8, half4((half3)result, (half)1.0));
    const half total = v.weights.x + v.weights.y + v.weights.z + v.weights.w;
    WeightCheck[i] = total == (half)1.0 ? 1u : 0u;
}
