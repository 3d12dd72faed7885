// HLSL 2021 language features working together on packed records: a bit-field struct
// (kind:2, w:10, h:10, id:10 in one uint, filled from bit 0) read from a structured
// buffer, decoded in a namespace into a struct that inherits its id and kind from a base
// struct, an `enum class` with an underlying type switched on with qualified case labels,
// a member function computing an integer area (3 r^2 for circles), a function template
// instantiated for uint, and the modified fields (w doubled, h + 100, both clamped to 10
// bits) written back through the bit-fields. Output per record: kind, id, area, new word.
// Expected values: tests/exec/algo/models.py (shape_records).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u1 rw uint[64] = 0
// peer-bug glslang: does not parse bit-fields (see bit_fields)
// buffer t0 ro uint[16] = [0x58E973FF, 0xCEE8243E, 0x38ACDA89, 0xFDC2822B, 0x52237059, 0x94A5D9C8, 0xC8A3F1E6, 0x1BA6E9B9,
//     0x4C2E090A, 0x44F2FDA1, 0xA1FCC961, 0xD2B970C1, 0x6BE870DF, 0xC0A5F45C, 0x31589C45, 0xABAA6A54]
// expect u1 = [3, 355, 0, 1492105211, 2, 827, 173982, 3471730810, 1, 226, 454276, 951263229, 3, 1015, 0, 4257793107,
//     1, 328, 484, 1378463921, 0, 594, 1175628, 2494308348, 2, 802, 69575, 3366597578, 1, 110, 386884, 464334845,
//     2, 304, 425408, 1278496766, 1, 275, 760384, 1157185533, 1, 647, 360000, 2717908989, 1, 842, 2304, 3535778177,
//     3, 431, 0, 1810805179, 0, 770, 233523, 3232512184, 1, 197, 616225, 828301309, 0, 686, 1310763, 2880483324]
struct Packed {
    uint kind : 2;
    uint w : 10;
    uint h : 10;
    uint id : 10;
};

namespace geom {
    enum class Kind : uint { Circle = 0, Square = 1, Rect = 2, Empty = 3 };

    struct Base {
        uint id;
        Kind kind;
    };

    struct Shape : Base {
        uint w;
        uint h;

        uint area() {
            switch (kind) {
            case Kind::Circle: return 3 * w * w;
            case Kind::Square: return w * w;
            case Kind::Rect: return w * h;
            default: return 0;
            }
        }
    };

    template<typename T>
    T clampTo(T v, T lo, T hi) { return min(max(v, lo), hi); }

    Shape decode(Packed p) {
        Shape s;
        s.id = p.id;
        s.kind = (Kind)p.kind;
        s.w = p.w;
        s.h = p.h;
        return s;
    }
}

StructuredBuffer<Packed> Records : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Packed p = Records[i];
    geom::Shape s = geom::decode(p);
    p.w = geom::clampTo<uint>(s.w * 2, 1, 1023);
    p.h = geom::clampTo(s.h + 100, 0u, 1023u);
    Out[i * 4 + 0] = (uint)s.kind;
    Out[i * 4 + 1] = s.id;
    Out[i * 4 + 2] = s.area();
    Out[i * 4 + 3] = p.kind | (p.w << 2) | (p.h << 12) | (p.id << 22);
}
