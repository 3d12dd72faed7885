// Records in raw buffers with SM 6.2 templated loads and stores: a struct Rec {uint id;
// float3 p; float w;} read with ByteAddressBuffer.Load<Rec>(i * 20) (tight 20-byte
// records), scaled, and written as a float4 (p * w, sum) with Store<float4> plus a uint tag
// with Store at offset + 16; the tag is 2 id + (p.y > 0). Quarter-step values: exact.
// Expected values: tests/exec/algo/models.py (raw_records).
// exec: -T cs_6_2 -E main dispatch 1 1 1
// buffer u1 rw uint[40] = 0
// peer-bug glslang: no templated Load<T>/Store<T> (see byteaddress_typed_load_store)
// buffer t0 ro = u32 [100] f32 [0, -5, 0, 1] u32 [101] f32 [1, -3, 0.5, 2] u32 [102] f32 [2, -1, 1, 3] u32 [103] f32 [3,
//     1, 1.5, 1] u32 [104] f32 [4, 3, 2, 2] u32 [105] f32 [5, 5, 2.5, 3] u32 [106] f32 [6, 7, 3, 1] u32 [107] f32 [7,
//     9, 3.5, 2]
// expect u1 = f32 [0, -5, 0, -5] u32 [200] f32 [2, -6, 1, -3] u32 [202] f32 [6, -3, 3, 6] u32 [204] f32 [3, 1,
//     1.5, 5.5] u32 [207] f32 [8, 6, 4, 18] u32 [209] f32 [15, 15, 7.5, 37.5] u32 [211] f32 [6, 7, 3,
//     16] u32 [213] f32 [14, 18, 7, 39] u32 [215]
struct Rec {
    uint id;
    float3 p;
    float w;
};

ByteAddressBuffer Records : register(t0);
RWByteAddressBuffer Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Rec r = Records.Load<Rec>(i * 20);
    float3 c = r.p * r.w;
    uint offset = i * 20;
    Out.Store<float4>(offset, float4(c, c.x + c.y + c.z));
    Out.Store(offset + 16, r.id * 2 + (r.p.y > 0 ? 1 : 0));
}
