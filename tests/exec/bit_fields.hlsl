// Bit-fields (HLSL 2021) as DXC lays them out: consecutive bit-fields of one declared type
// share a storage unit of that type, filled from bit 0 up while the next one fits; another
// type, a field that does not fit, or an ordinary member starts a new unit. Signed fields
// read sign-extended; writes keep the unit's other bits.
//   struct Packed { uint a:4; uint b:12; int c:5; int d:3; uint e:30; uint f:3; uint g; }
//   units: {a@0, b@4} uint @0; {c@0, d@5} int @4; {e@0} uint @8; {f@0} (e's unit has 2 bits
//   left) uint @12; g @16; sizeof = 20. Reflection names a unit after its bit-fields (`a_b`).
// layout Params: cp=0 cp.a_b=0 cp.c_d=4 cp.e=8 cp.f=12 cp.g=16
// Input bits (hand-derived): unit0 = 0xFFFF5A3B (a = 0xB, b = 0x5A3, junk above bit 16);
// unit1 = 0x12345679 (c = 0b11001 = -7, d = 0b011 = 3); unit2 = 0xFFFFFFFF (e = 0x3FFFFFFF);
// unit3 = 0xFFFFFFFD (f = 5); g = 77.
// Writes to u2 (same input): a = 0x1F → 0xF; b += 1 → 0x5A4 (unit0 0xFFFF5A4F); c = 20 →
// 0b10100 (reads -12); --d → 2, so unit1 = 0x12345600 | 2 << 5 | 0x14 = 0x12345654;
// e++ wraps the 30 bits to 0 and returns 0x3FFFFFFF (unit2 0xC0000000); f ^= 2 → 7.
// Local `{1, 2, -1, -4, 7, 6, 9}` fills one bit-field per value: c = -1, d = -4 (0b100),
// e + f + g = 22; c += 20 → 19 = 0b10011 → -13. groupshared copy: b = 4097 keeps 12 bits → 1,
// a untouched (1). A returned struct value: b = 300, c = 0. `Flags { bool on:1; bool off:1;
// uint n:6; }`: the bools share a unit, n starts another (sizeof 8).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[5] = [0xFFFF5A3B, 0x12345679, 0xFFFFFFFF, 0xFFFFFFFD, 77]
// cbuffer b3 = u32 [0xFFFF5A3B, 0x12345679, 0xFFFFFFFF, 0xFFFFFFFD, 77]
// buffer u1 rw uint[23] = 0
// buffer u2 rw uint[5] = [0xFFFF5A3B, 0x12345679, 0xFFFFFFFF, 0xFFFFFFFD, 77]
// expect u1 = [11, 1443, 0xFFFFFFF9, 3, 1073741823, 5, 77, 20, 0x3FFFFFFF, 2,
//              0xFFFFFFFF, 0xFFFFFFFC, 22, 0xFFFFFFF3, 1, 1, 300, 0, 1, 63, 8, 0xFFFFFFF9, 1443]
// expect u2 = [0xFFFF5A4F, 0x12345654, 0xC0000000, 0xFFFFFFFF, 77]
// peer-bug glslang: does not parse bit-fields (`uint a : 4;` in a struct)
struct Packed {
    uint a : 4;
    uint b : 12;
    int c : 5;
    int d : 3;
    uint e : 30;
    uint f : 3;
    uint g;
};

struct Flags {
    bool on : 1;
    bool off : 1;
    uint n : 6;
};

StructuredBuffer<Packed> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);
RWStructuredBuffer<Packed> p : register(u2);
cbuffer Params : register(b3) {
    Packed cp;
};
groupshared Packed gs;

Packed make(uint k) {
    Packed r = (Packed)0;
    r.b = k * 100;
    return r;
}

[numthreads(1, 1, 1)]
void main() {
    Packed s = src[0];
    o[0] = s.a;
    o[1] = s.b;
    o[2] = asuint(s.c);
    o[3] = asuint(s.d);
    o[4] = s.e;
    o[5] = s.f;
    o[6] = s.g;
    o[7] = sizeof(Packed);

    p[0].a = 0x1F;
    p[0].b += 1;
    p[0].c = 20;
    o[9] = asuint(--p[0].d);
    o[8] = p[0].e++;
    p[0].f ^= 2;

    Packed l = {1, 2, -1, -4, 7, 6, 9};
    o[10] = asuint(l.c);
    o[11] = asuint(l.d);
    o[12] = l.e + l.f + l.g;
    l.c += 20;
    o[13] = asuint(l.c);

    gs = l;
    gs.b = 4097;
    GroupMemoryBarrierWithGroupSync();
    o[14] = gs.b;
    o[15] = gs.a;

    o[16] = make(3).b;
    o[17] = asuint(make(3).c);

    Flags fl;
    fl.on = true;
    fl.off = false;
    fl.n = 63;
    o[18] = fl.on && !fl.off ? 1 : 0;
    o[19] = fl.n;
    o[20] = sizeof(Flags);

    o[21] = asuint(cp.c);
    o[22] = cp.b;
}
