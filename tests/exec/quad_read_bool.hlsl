// Quad reads of a bool (compute quads, SM 6.6: four consecutive SV_GroupIndex values form a
// quad). DXC declares QuadReadLaneAt and QuadReadAcrossX with `numeric<>` arguments, whose
// component types have no bool, so a bool argument is read as float and the result is float
// (tag 8); WaveReadLaneAt takes `any<>` and keeps bool (tag 1). b = (i % 4 == 1): lane 1 of
// every quad is true. Each thread writes tag(QuadReadLaneAt(b, 1)) * 100 +
// tag(QuadReadAcrossX(b)) * 10 + tag(WaveReadLaneAt(b, 1)) = 800 + 80 + 1 = 881, plus 1000
// when QuadReadLaneAt(b, 1) / 2 == 0.5 (true in lane 1, so 1.0 / 2) = 1881 everywhere.
// requires subgroup
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 1881
// peer-bug glslang: the three reads of a bool all return int (222)
RWStructuredBuffer<uint> dst : register(u0);

uint tag(bool x) { return 1; }
uint tag(int x) { return 2; }
uint tag(uint x) { return 3; }
uint tag(float x) { return 8; }

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    bool b = (i % 4) == 1;
    uint r = tag(QuadReadLaneAt(b, 1)) * 100 + tag(QuadReadAcrossX(b)) * 10 + tag(WaveReadLaneAt(b, 1));
    r += (QuadReadLaneAt(b, 1) / 2 == 0.5) ? 1000 : 0;
    dst[i] = r;
}
