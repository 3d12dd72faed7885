// A `static const` table of structs (with vector and array members, brace-initialised,
// an inner vector spelled as a brace list) and a 2D `static const` float table, indexed at
// run time. Thread i reads j = src[i] (2, 0, 1). By hand:
//   i = 0, j = 2: id 11; w.y - w.x = 0.5; taps 7 + 8·10 + kTable[0].taps[2] (3) = 90; kWeights[0][0] = 1
//   i = 1, j = 0: id 7; 1.0; 1 - 20 + kTable[1].taps[0] (4) = -15; kWeights[0][1] = 2
//   i = 2, j = 1: id 9; -3.0; 4 + 50 + kTable[2].taps[1] (8) = 62; kWeights[1][2] = 6
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[3] = [2, 0, 1]
// buffer u1 rw uint[12] = 0
// expect u1 = [11, 0x3F000000, 90, 0x3F800000,  7, 0x3F800000, 0xFFFFFFF1, 0x40000000,
//              9, 0xC0400000, 62, 0x40C00000]
struct Entry {
    uint id;
    float2 w;
    int taps[3];
};

static const Entry kTable[3] = {
    { 7, float2(0.5, 1.5), { 1, -2, 3 } },
    { 9, float2(2.0, -1.0), { 4, 5, -6 } },
    { 11, { 0.25, 0.75 }, { 7, 8, 9 } },
};
static const float kWeights[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };

StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(3, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint j = src[i];
    Entry e = kTable[j];
    o[4 * i + 0] = e.id;
    o[4 * i + 1] = asuint(e.w.y - e.w.x);
    o[4 * i + 2] = (uint)(e.taps[0] + e.taps[1] * 10 + kTable[i].taps[j]);
    o[4 * i + 3] = asuint(kWeights[j % 2][i]);
}
