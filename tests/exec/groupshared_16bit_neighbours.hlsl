// 16-bit values in groupshared memory (-enable-16bit-types): arrays of half, uint16_t and a
// struct {half a; uint16_t b; half2 c;}, each of 64 threads writing only its own element at
// once (neighbouring 16-bit elements share a 32-bit word, so a store must not rewrite its
// neighbour), then reading its neighbour's (i + 1) % 64 after the barrier. Thread i writes
// gh[i] = i + 0.5, gu[i] = 1000 + i, gs[i] = {i / 4.0, 7 i, (i, -i)} and reads, with
// j = (i + 1) % 64: gh[j] + gu[j] + gs[j].a + gs[j].b + gs[j].c.x - gs[j].c.y (as float):
//   (j + 0.5) + (1000 + j) + j / 4 + 7j + 2j = 1000.5 + 11.25 j, exact in float.
// Each thread writes that sum, so o[i] = 1000.5 + 11.25 · ((i + 1) % 64).
// requires f16 i16
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// buffer u0 rw float[64] = 0
// expect u0 = [1011.75, 1023, 1034.25, 1045.5, 1056.75, 1068, 1079.25, 1090.5,
//              1101.75, 1113, 1124.25, 1135.5, 1146.75, 1158, 1169.25, 1180.5,
//              1191.75, 1203, 1214.25, 1225.5, 1236.75, 1248, 1259.25, 1270.5,
//              1281.75, 1293, 1304.25, 1315.5, 1326.75, 1338, 1349.25, 1360.5,
//              1371.75, 1383, 1394.25, 1405.5, 1416.75, 1428, 1439.25, 1450.5,
//              1461.75, 1473, 1484.25, 1495.5, 1506.75, 1518, 1529.25, 1540.5,
//              1551.75, 1563, 1574.25, 1585.5, 1596.75, 1608, 1619.25, 1630.5,
//              1641.75, 1653, 1664.25, 1675.5, 1686.75, 1698, 1709.25, 1000.5]
// peer-bug glslang: unknown type name `uint16_t` (a struct member)
RWStructuredBuffer<float> o : register(u0);

struct Small {
    half a;
    uint16_t b;
    half2 c;
};

groupshared half gh[64];
groupshared uint16_t gu[64];
groupshared Small gs[64];

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    gh[i] = (half)i + 0.5h;
    gu[i] = (uint16_t)(1000 + i);
    Small s;
    s.a = (half)i / 4.0h;
    s.b = (uint16_t)(7 * i);
    s.c = half2(i, -(half)i);
    gs[i] = s;
    GroupMemoryBarrierWithGroupSync();
    uint j = (i + 1) % 64;
    o[i] = (float)gh[j] + (float)gu[j] + (float)gs[j].a + (float)gs[j].b + (float)gs[j].c.x - (float)gs[j].c.y;
}
