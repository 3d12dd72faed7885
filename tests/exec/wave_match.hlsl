// WaveMatch (SM 6.5): the mask of the active lanes whose value equals this lane's, computed
// here against a loop over the lanes (holds for any wave size). With l = WaveGetLaneIndex()
// and n = WaveGetLaneCount(), each thread checks
//   bit 0: WaveMatch(l % 3)                        bit 1: WaveMatch(uint2(l % 2, l % 3))
//   bit 2: WaveMatch(l % 2 ? 1.5 : NaN) (NaNs with the same bits match)
//   bit 3: WaveMatch(half(l < 5)) (16-bit)          bit 4: WaveMatch(int64_t(l % 2) << 40)
//   bit 5: inside `if (l % 4 != 3)`: WaveMatch(l % 2) has only the lanes of the branch
// and writes the bits (0x3F everywhere).
// requires subgroup int64 f16
// exec: -T cs_6_5 -E main -enable-16bit-types dispatch 2 1 1
// buffer u0 rw uint[128] = 0
// expect u0 = 0x3F
// peer-bug glslang: no WaveMatch
RWStructuredBuffer<uint> dst : register(u0);

uint4 expected(uint l, uint n, uint key_mod, bool skip3) {
    uint4 m = 0;
    for (uint j = 0; j < n; j++) {
        bool same = (j % key_mod) == (l % key_mod);
        if (same && !(skip3 && j % 4 == 3))
            m[j / 32] |= 1u << (j % 32);
    }
    return m;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint l = WaveGetLaneIndex();
    uint n = WaveGetLaneCount();
    uint bits = 0;
    bits |= all(WaveMatch(l % 3) == expected(l, n, 3, false)) ? 1u : 0u;
    bits |= all(WaveMatch(uint2(l % 2, l % 3)) == expected(l, n, 6, false)) ? 2u : 0u;
    float f = (l % 2) ? 1.5 : asfloat(0x7fc00000u);
    bits |= all(WaveMatch(f) == expected(l, n, 2, false)) ? 4u : 0u;
    uint4 lt5 = 0;
    for (uint j = 0; j < n; j++)
        if ((j < 5) == (l < 5)) lt5[j / 32] |= 1u << (j % 32);
    bits |= all(WaveMatch((float16_t)(l < 5 ? 1 : 0)) == lt5) ? 8u : 0u;
    bits |= all(WaveMatch((int64_t)(l % 2) << 40) == expected(l, n, 2, false)) ? 16u : 0u;
    if (l % 4 != 3) {
        bits |= all(WaveMatch(l % 2) == expected(l, n, 2, true)) ? 32u : 0u;
    } else {
        bits |= 32u;
    }
    dst[id.x] = bits;
}
