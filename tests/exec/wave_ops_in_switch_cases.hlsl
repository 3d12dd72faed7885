// Wave operations inside the cases of a switch on a per-lane value: only the lanes that
// took the case are active there. With l = WaveGetLaneIndex(), n = WaveGetLaneCount() and
// the switch on l % 3 (two labels on one case body), each lane checks, against a loop
// over the lanes 0..n-1 of its own case set:
//   `case 0: case 1:` (lanes l % 3 <= 1): bit 0: inside `if (l % 3 == 0)`,
//     WaveActiveCountBits(true) == the count of lanes l % 3 == 0 (lanes l % 3 == 1 set it
//     themselves); bit 1: WaveActiveSum(l) == sum of the case's lanes; bit 2:
//     WavePrefixCountBits(true) == number of the case's lanes below l
//   default (l % 3 == 2): bit 0 and 1 from WaveActiveMax(l) == largest such lane and
//     WaveActiveMin(l) == smallest; bit 2: WaveReadLaneFirst(l) == smallest
// Every lane writes 7.
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// expect u0 = 7
RWStructuredBuffer<uint> o : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint l = WaveGetLaneIndex(), n = WaveGetLaneCount();
    uint bits = 0;
    uint cnt0 = 0, sum01 = 0, below01 = 0, lo2 = 0xFFFFFFFF, hi2 = 0;
    for (uint k = 0; k < n; ++k) {
        if (k % 3 == 0) cnt0++;
        if (k % 3 <= 1) { sum01 += k; if (k < l) below01++; }
        if (k % 3 == 2) { lo2 = min(lo2, k); hi2 = max(hi2, k); }
    }
    switch (l % 3) {
    case 0:
    case 1:
        if (l % 3 == 0) {
            if (WaveActiveCountBits(true) == cnt0)
                bits |= 1;
        } else {
            bits |= 1;
        }
        if (WaveActiveSum(l) == sum01)
            bits |= 2;
        if (WavePrefixCountBits(true) == below01)
            bits |= 4;
        break;
    default:
        if (WaveActiveMax(l) == hi2 && WaveActiveMin(l) == lo2)
            bits |= 3;
        if (WaveReadLaneFirst(l) == lo2)
            bits |= 4;
        break;
    }
    o[gi] = bits;
}
