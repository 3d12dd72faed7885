// WaveReadLaneAt with a lane index that differs per lane (SM 6.0 allows any active lane;
// SPIR-V needs OpGroupNonUniformShuffle, not Broadcast, for a non-uniform index). With
// l = WaveGetLaneIndex(), n = WaveGetLaneCount() and val = l·l + 7, each thread checks
//   bit 0: WaveReadLaneAt(val, (5l + 3) % n) == that lane's val
//   bit 1: WaveReadLaneAt(float2(l, -0.5l), n - 1 - l) (a vector, lanes reversed)
//   bit 2: inside `if (l % 2 == 0)`: WaveReadLaneAt(2·val, (l + 2) % n) (an active lane)
//   bit 3: WaveReadLaneAt(int(l) - 100, src[l % 4] % n) (the index read from memory)
//   bit 4: WaveReadLaneAt(bool(l & 1), (l + 1) % n) (a bool)
// and writes the bits (0x1F everywhere; holds for any even wave size).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [0, 3, 5, 1]
// buffer u1 rw uint[64] = 0
// expect u1 = 0x1F
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint l = WaveGetLaneIndex(), n = WaveGetLaneCount();
    uint val = l * l + 7;
    uint bits = 0;
    uint a = (l * 5 + 3) % n;
    if (WaveReadLaneAt(val, a) == a * a + 7)
        bits |= 1;
    uint r = n - 1 - l;
    float2 got = WaveReadLaneAt(float2(l, -0.5 * l), r);
    if (all(got == float2(r, -0.5 * r)))
        bits |= 2;
    if (l % 2 == 0) {
        uint t = (l + 2) % n;
        if (WaveReadLaneAt(val * 2, t) == (t * t + 7) * 2)
            bits |= 4;
    } else {
        bits |= 4;
    }
    uint idx = src[l % 4] % n;
    if (WaveReadLaneAt(int(l) - 100, idx) == int(idx) - 100)
        bits |= 8;
    bool odd = (l & 1) != 0;
    uint nb = (l + 1) % n;
    if (WaveReadLaneAt(odd, nb) == ((nb & 1) != 0))
        bits |= 16;
    o[gi] = bits;
}
