// WaveReadLaneFirst takes `any<>` in DXC's signature (gen_intrin_main.txt), so a bool
// argument stays bool and the result is bool (tag 1 below); `numeric<>` wave reductions of
// bools compute in float (WaveActiveMax(bool) is float, tag 8). Lane l of n reads
// b = (l % 2 == 0): lane 0 is first, so WaveReadLaneFirst(b) is true in every lane, and
// WaveActiveMax(b) = 1.0 (lane 0 is true). Each lane writes tag(WaveReadLaneFirst(b)) * 100 +
// tag(WaveActiveMax(b)) * 10 + (WaveReadLaneFirst(b) ? 1 : 0) + (WaveActiveMax(b) / 2 == 0.5 ?
// 2 : 0) = 100 + 80 + 1 + 2 = 183, for any even wave size (the first lane of each wave is even).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[32] = 0
// expect u0 = 183
// peer-bug glslang: WaveReadLaneFirst(bool) and WaveActiveMax(bool) both return int (221: tags 2 and 2)
RWStructuredBuffer<uint> o : register(u0);

uint tag(bool x) { return 1; }
uint tag(int x) { return 2; }
uint tag(uint x) { return 3; }
uint tag(float x) { return 8; }

[numthreads(32, 1, 1)]
void main(uint l : SV_GroupIndex) {
    bool b = (l % 2) == 0;
    uint r = tag(WaveReadLaneFirst(b)) * 100 + tag(WaveActiveMax(b)) * 10;
    r += WaveReadLaneFirst(b) ? 1 : 0;
    r += (WaveActiveMax(b) / 2 == 0.5) ? 2 : 0;
    o[l] = r;
}
