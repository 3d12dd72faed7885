// Packet checksums in 16-bit integers, as network-style decoders and compressed-record
// readers write them under -enable-16bit-types: each of 4 threads reads 16 bytes as eight
// `uint16_t` loads at 2-byte-aligned addresses of a ByteAddressBuffer (`Load<uint16_t>`), and
// runs Fletcher-16 on the bytes in uint16_t (`% 255` after each add), a signed int16_t sum of
// the words that wraps at 16 bits, a rotate-left by (i & 7) of each word combined by xor (the
// shifts stay 16-bit: `w << k` on a uint16_t keeps its low 16 bits), and a uint16_t
// accumulator starting at 0xFFF0 that wraps. Then the promotion rules: `acc * 3` (a literal
// takes int16_t, so it wraps at 16 bits), `acc * 3u` (int16_t with uint is uint: sign-extended
// first), `acc * (int)(t + 1000)` (int), `acc >> 2` (arithmetic on int16_t), `(uint16_t)acc`.
// Nine words per thread. Bytes: (73 i + 41) mod 256.
// Expected values: tests/exec/mix/models.py (int16_packet_checksums).
// requires i16
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// buffer t0 ro uint[16] = [79393321, 685741645, 1275312753, 1881661077, 2487943865, 3094292189,
//     3700640257, 12021285, 618369609, 1224717933, 1814289041, 2420637365, 3026920153, 3633268477,
//     4239616545, 550997573]
// buffer u1 rw uint[36] = 0
// expect u1 = [59342, 4294937408, 62765, 4294943168, 4294877632, 4265079296, 4294959824, 35648,
//     35632, 27598, 3008, 37523, 9024, 9024, 3011008, 752, 3008, 2992, 63696, 4294937664, 58996,
//     4294943936, 4294878400, 4265276032, 4294959888, 35904, 35888, 31952, 3264, 23327, 9792, 9792,
//     3273792, 816, 3264, 3248]
// peer-bug glslang: no templated `Load<T>` on byte-address buffers
ByteAddressBuffer Packet : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint16_t s1 = 0xFF, s2 = 0xFF;
    int16_t acc = 0;
    uint16_t rot = 0;
    uint16_t m = 0xFFF0;
    for (uint i = 0; i < 8; ++i) {
        uint16_t w = Packet.Load<uint16_t>(t * 16 + i * 2);
        uint16_t lo = w & 0xFF, hi = w >> 8;
        s1 = (s1 + lo) % 255;
        s2 = (s2 + s1) % 255;
        s1 = (s1 + hi) % 255;
        s2 = (s2 + s1) % 255;
        acc += (int16_t)w;
        uint16_t k = (uint16_t)(i & 7);
        rot ^= (w << k) | (w >> (16 - k));
        m += w;
    }
    uint o = t * 9;
    Out[o + 0] = (uint)s2 << 8 | s1;
    Out[o + 1] = acc;
    Out[o + 2] = rot;
    Out[o + 3] = acc * 3;
    Out[o + 4] = acc * 3u;
    Out[o + 5] = acc * (int)(t + 1000);
    Out[o + 6] = acc >> 2;
    Out[o + 7] = (uint16_t)acc;
    Out[o + 8] = m;
}
