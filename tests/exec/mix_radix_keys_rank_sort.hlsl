// Float sort keys as GPU radix and rank sorts build them: asuint, then flip all bits of
// negatives and only the sign of positives (`mask = -int(bits >> 31) | 0x80000000`: the
// literal keeps the int type, and the int converts to uint on assignment), so unsigned order
// is float order with -0 just below +0; each key published in groupshared, a barrier, and a
// rank counted with bool arithmetic (`rank += k < key || (k == key && j < t)`, ties by
// index), then a scatter to the sorted position. Beside it the conversions such code does:
// a unorm16 quantization `(uint)(saturate(v / 2048 + 0.5) * 65535)`, `(uint)abs(v)` of large
// values below 2^32 (3e9 is exact in float) behind a range test, `(float)(key >> 1)` rounding a
// large uint to nearest even, firstbithigh and countbits of the key. Seven words per value
// (key, rank, q, big, back, firstbithigh, countbits) and the sorted bit patterns.
// Expected values: tests/exec/mix/models.py (radix_keys_rank_sort).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[16] = [3.5, -2.25, 0, -0.0, 1.00000002e+30, -1.00000002e+30, 3000000000, -7,
//     0.00100000005, 100, -100, 65504, 2, -2.25, 16777216, 1.5]
// buffer u1 rw uint[112] = 0
// buffer u2 rw uint[16] = 0
// expect u1 = [3227516928, 10, 32879, 3, 1321230336, 31, 4, 1072693247, 3, 32695, 2, 1308606464,
//     29, 29, 2147483648, 6, 32767, 0, 1317011456, 31, 1, 2147483647, 5, 32767, 0, 1317011456, 30,
//     31, 4048155338, 15, 65535, 4294967295, 1324435955, 31, 17, 246811957, 0, 0, 4294967295,
//     1290494163, 27, 15, 3476213854, 14, 65535, 3000000000, 1322201808, 31, 17, 1059061759, 2,
//     32543, 7, 1308393472, 29, 27, 3129152111, 7, 32767, 0, 1320846098, 31, 16, 3267887104, 11,
//     35967, 100, 1321388032, 31, 6, 1027080191, 1, 29567, 100, 1307893760, 29, 26, 3347046400, 12,
//     65535, 65504, 1321697248, 31, 15, 3221225472, 9, 32831, 2, 1321205760, 31, 2, 1072693247, 4,
//     32695, 2, 1308606464, 29, 29, 3414163456, 13, 65535, 16777216, 1321959424, 31, 6, 3217031168,
//     8, 32815, 1, 1321189376, 31, 9]
// expect u2 = [4048155338, 3267887104, 3235905536, 3222274048, 3222274048, 2147483648, 0,
//     981668463, 1069547520, 1073741824, 1080033280, 1120403456, 1199562752, 1266679808,
//     1328730206, 1900671690]
StructuredBuffer<float> Values : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint> Sorted : register(u2);

groupshared uint gKeys[16];

uint sortKey(float v) {
    uint bits = asuint(v);
    uint mask = -int(bits >> 31) | 0x80000000;
    return bits ^ mask;
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float v = Values[t];
    uint key = sortKey(v);
    gKeys[t] = key;
    GroupMemoryBarrierWithGroupSync();

    uint rank = 0;
    for (uint j = 0; j < 16; ++j) {
        uint k = gKeys[j];
        rank += k < key || (k == key && j < t);
    }
    Sorted[rank] = asuint(v);

    uint q = (uint)(saturate(v / 2048.0f + 0.5f) * 65535.0f);
    uint big = abs(v) < 4e9f ? (uint)abs(v) : 0xFFFFFFFF;
    float back = (float)(key >> 1);

    uint o = t * 7;
    Out[o + 0] = key;
    Out[o + 1] = rank;
    Out[o + 2] = q;
    Out[o + 3] = big;
    Out[o + 4] = asuint(back);
    Out[o + 5] = firstbithigh(key);
    Out[o + 6] = countbits(key);
}
