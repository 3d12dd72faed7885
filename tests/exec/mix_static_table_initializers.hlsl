// Material and LOD tables as engines keep them in `static const` arrays, written with every
// initializer form DXC accepts: nested braces for a struct member that is itself a struct
// (`{ { {0, 4}, 2 }, … }`), a fully flattened entry (`{ 1, 5, 3, 0.5, … }`: DXC fills the
// members in order from the scalars), a partly braced one, vectors and matrices flattened into
// an array's list (`static const float2x2 kRot[2] = { 1, 0, 0, 1, 0, -1, 1, 0 }`), an unsized
// array sized by its initializer, and a local struct initialised from a vector and a scalar
// (`Range local = { p.yx, 7 }`). The tables are indexed with run-time indices. Per thread t
// (6 threads): m = kMaterials[t % 3], lod = kLod[t]; words: span.x + span.y * 10, weight,
// tint as bits (x, y, z), flags[0] | flags[1] << 8, kRot[t & 1] applied to (t + 1, 2) as bits
// (x, y), kLod entry, count of kLod (countof via sizeof), local.span.x, local.weight, and
// kGrid[t / 3][t % 3] from a 2-D table, local.span.y. Expected values:
// tests/exec/mix/models.py (static_table_initializers).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[84] = 0
// expect u1 = [40, 2, 1065353216, 1056964608, 1048576000, 513, 1065353216, 1073741824, 7, 7, 0, 7,
//     1, 0, 51, 3, 1056964608, 1056964608, 1056964608, 2052, 3221225472, 1073741824, 3, 7, 1, 7,
//     4294967294, 1, 62, 1, 1048576000, 1065353216, 1065353216, 8208, 1077936128, 1073741824, 3, 7,
//     4, 7, 3, 2, 40, 2, 1065353216, 1056964608, 1048576000, 513, 3221225472, 1082130432, 9, 7, 9,
//     7, 4294967292, 3, 51, 3, 1056964608, 1056964608, 1056964608, 2052, 1084227584, 1073741824, 0,
//     7, 16, 7, 5, 4, 62, 1, 1048576000, 1065353216, 1065353216, 8208, 3221225472, 1086324736, 12,
//     7, 25, 7, 4294967290, 5]
// peer-bug glslang: does not flatten initializer lists into struct members (initializer_flatten)
RWStructuredBuffer<uint> Out : register(u1);

struct Range {
    int2 span;
    int weight;
};

struct Material {
    Range range;
    float3 tint;
    uint flags[2];
};

static const Material kMaterials[3] = {
    { { {0, 4}, 2 }, float3(1, 0.5, 0.25), { 1, 2 } },
    { 1, 5, 3, 0.5, 0.5, 0.5, 4, 8 },
    { {2, 6}, 1, {0.25, 1, 1}, {16, 32} },
};

static const float2x2 kRot[2] = { 1, 0, 0, 1,  0, -1, 1, 0 };

static const uint kLod[] = { 7, 3, 3, 9, 0, 12, 5 };

static const int kGrid[2][3] = { { 1, -2, 3 }, { -4, 5, -6 } };

[numthreads(6, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Material m = kMaterials[t % 3];
    int2 p = int2(t, t * t);
    Range local = { p.yx, 7 };
    float2 r = mul(kRot[t & 1], float2(t + 1, 2));

    uint o = t * 14;
    Out[o + 0] = m.range.span.x + m.range.span.y * 10;
    Out[o + 1] = m.range.weight;
    Out[o + 2] = asuint(m.tint.x);
    Out[o + 3] = asuint(m.tint.y);
    Out[o + 4] = asuint(m.tint.z);
    Out[o + 5] = m.flags[0] | m.flags[1] << 8;
    Out[o + 6] = asuint(r.x);
    Out[o + 7] = asuint(r.y);
    Out[o + 8] = kLod[t];
    Out[o + 9] = sizeof(kLod) / sizeof(kLod[0]);
    Out[o + 10] = local.span.x;
    Out[o + 11] = local.weight;
    Out[o + 12] = kGrid[t / 3][t % 3];
    Out[o + 13] = local.span.y;
}
