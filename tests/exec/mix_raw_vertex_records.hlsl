// Parsing packed vertex records from a ByteAddressBuffer with SM 6.2/6.6 features under
// -enable-16bit-types: a header (uint count at byte 0; a uint16_t2 at byte 4 holding a half
// scale's bits and a material bias), then 12-byte records `PackedVertex { half3 pos;
// uint16_t material; uint color; }` (natural alignment: pos 0-5, material 6-7, color 8-11)
// read with Load<PackedVertex> at 8 + 12i and again as words with Load3 at the same
// (16-byte-unaligned) address. Per vertex: p = pos * f16tof32(scale); colour channels with
// unpack_u8u32, luminance (77r + 150g + 29b) >> 8 as a uint16_t, a tint
// pack_clamp_u8(int4(c) * 2 - 40); the result stored with Store<OutVertex> (float3 p,
// uint16_t material + bias, uint16_t luminance, uint tint: 20 bytes, i * 20) and a
// PackHalf2x16-style helper (f32tof16 of p.x, p.z in one word), f32tof16(p.x + p.y), and the
// Load3 words. Inputs are halves exact in f16 and f32.
// Expected values: tests/exec/mix/models.py (raw_vertex_records).
// exec: -T cs_6_6 -E main -enable-16bit-types dispatch 1 1 1
// requires i16 f16
// buffer t0 ro uint[14] = [4, 475136, 3229629952, 208896, 285179968, 1140897792, 804544, 2149597280,
//     3154116608, 82176, 4294967295, 905988352, 2672640, 1320960]
// buffer u1 rw uint[20] = 0
// buffer u2 rw uint[20] = 0
// expect u1 = [1077936128, 3230662656, 1048576000, 8060938, 16767064, 3212836864, 1090519040,
//     1096286208, 4587539, 3625474200, 0, 3221225472, 1084227584, 16711688, 4294967295,
//     1101004800, 1061158912, 3246391296, 1638447, 10240]
// expect u2 = [872432128, 48640, 3229629952, 208896, 285179968, 1254145024, 18176, 1140897792,
//     804544, 2149597280, 1157627904, 49152, 3154116608, 82176, 4294967295, 3422571776, 19760,
//     905988352, 2672640, 1320960]
// peer-bug glslang: does not compile: no `uint16_t` type names
ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u1);
RWStructuredBuffer<uint> Aux : register(u2);

struct PackedVertex {
    half3 pos;
    uint16_t material;
    uint color;
};

struct OutVertex {
    float3 p;
    uint16_t material;
    uint16_t luminance;
    uint tint;
};

uint packHalf2(float2 v) {
    return f32tof16(v.x) | (f32tof16(v.y) << 16);
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint count = Src.Load(0);
    if (i >= count)
        return;
    uint16_t2 header = Src.Load<uint16_t2>(4);
    float scale = f16tof32(header.x);

    uint address = 8 + 12 * i;
    PackedVertex v = Src.Load<PackedVertex>(address);
    uint3 raw = Src.Load3(address);

    OutVertex o;
    o.p = (float3)v.pos * scale;
    uint4 c = unpack_u8u32((uint8_t4_packed)v.color);
    o.luminance = (uint16_t)((c.r * 77 + c.g * 150 + c.b * 29) >> 8);
    o.material = v.material + header.y;
    o.tint = (uint)pack_clamp_u8(int4(c) * 2 - 40);
    Dst.Store<OutVertex>(i * 20, o);

    Aux[5 * i + 0] = packHalf2(o.p.xz);
    Aux[5 * i + 1] = f32tof16(o.p.x + o.p.y);
    Aux[5 * i + 2] = raw.x;
    Aux[5 * i + 3] = raw.y;
    Aux[5 * i + 4] = raw.z;
}
