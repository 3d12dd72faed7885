// Wave operations where lanes leave a loop, a function or a switch case at different points
// (one wave of 8 lanes on lavapipe; lane l = SV_GroupThreadID.x): only the lanes still
// running the operation take part, and all lanes are back together after the construct.
// Eight values per lane, by hand:
//   v0 loop `for (i = 0; i < l; i++) acc += WaveActiveCountBits(true)`: in iteration i the lanes
//      l > i run (7 - i of them), so lane l gets sum_{i<l} (7 - i) = 0, 7, 13, 18, 22, 25, 27, 28
//   v1 after a loop each lane leaves by `break` at its own iteration (l % 4): WaveActiveSum(1) = 8
//   v2 a function returning early for l < 3, WaveActiveSum(l) after: 3+4+5+6+7 = 25; else 100
//   v3 nested ifs 2 <= l < 6: exclusive WavePrefixSum(l) over lanes 2..5 = 0, 2, 5, 9; else 255
//   v4 switch (l % 3): case 0 (lanes 0, 3, 6) WaveActiveSum(l) = 9; case 1 (1, 4, 7)
//      WaveActiveMax(l) = 7; default (2, 5) WaveReadLaneFirst(l * 10) = 20
//   v5 l >= 4: WaveActiveAllEqual(l / 4) (all 1) = 1; else WaveActiveAllEqual(l / 2) (0,0,1,1) = 0
//   v6 `for (i = 0; i < 4; i++) { if (i == l % 4) continue; c += WaveActiveCountBits(true); }`:
//      each iteration has 6 lanes, each lane 3 iterations: 18
//   v7 a loop whose trip count is l % 3, then WavePrefixCountBits(true) = l (all reconverged)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires subgroup
// buffer u0 rw uint[64] = 0
// expect u0 = [0, 8, 100, 255, 9, 0, 18, 0,
//              7, 8, 100, 255, 7, 0, 18, 1,
//              13, 8, 100, 0, 20, 0, 18, 2,
//              18, 8, 25, 2, 9, 0, 18, 3,
//              22, 8, 25, 5, 7, 1, 18, 4,
//              25, 8, 25, 9, 20, 1, 18, 5,
//              27, 8, 25, 255, 9, 1, 18, 6,
//              28, 8, 25, 255, 7, 1, 18, 7]
// peer-bug glslang: `WavePrefixSum` is inclusive (v3 of lanes 2-5 is 2, 5, 9, 14)
RWStructuredBuffer<uint> o : register(u0);

uint late_sum(uint l) {
    if (l < 3)
        return 100;
    return WaveActiveSum(l);
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
    uint l = id.x;
    uint v[8] = { 0, 0, 0, 255, 0, 0, 0, 0 };
    for (uint i = 0; i < l; i++)
        v[0] += WaveActiveCountBits(true);
    uint j = 0;
    while (true) {
        if (j == l % 4)
            break;
        j++;
    }
    v[1] = WaveActiveSum(1u);
    v[2] = late_sum(l);
    if (l >= 2) {
        if (l < 6)
            v[3] = WavePrefixSum(l);
    }
    switch (l % 3) {
    case 0:
        v[4] = WaveActiveSum(l);
        break;
    case 1:
        v[4] = WaveActiveMax(l);
        break;
    default:
        v[4] = WaveReadLaneFirst(l * 10);
        break;
    }
    if (l >= 4)
        v[5] = WaveActiveAllEqual(l / 4) ? 1 : 0;
    else
        v[5] = WaveActiveAllEqual(l / 2) ? 1 : 0;
    for (uint k = 0; k < 4; k++) {
        if (k == l % 4)
            continue;
        v[6] += WaveActiveCountBits(true);
    }
    uint t = 0;
    for (uint m = 0; m < l % 3; m++)
        t += m;
    v[7] = WavePrefixCountBits(t < 100);
    for (uint n = 0; n < 8; n++)
        o[l * 8 + n] = v[n];
}
