// Integer hashing as used for GPU random numbers: the PCG hash, three rounds of xorshift32,
// murmur3's block step (multiply, rotate via (x << r) | (x >> (32 - r))) and fmix32
// finaliser, then countbits, firstbithigh (0xFFFFFFFF for a zero input) and reversebits
// combined. Seeds: 0, 0xFFFFFFFF, then i * 0x9E3779B9 (wrapping). Per thread: pcg, the
// xorshift chain, the murmur hash, reversebits(xorshift) ^ (countbits(m) | fbh << 8).
// Expected values: tests/exec/algo/models.py (hash_mix).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[128] = 0
// expect u0 = [0x07BB2FE2, 0x17A85224, 0xD912FF0F, 0xDBB5EAFB, 0xE62A4902, 0xADB5454F, 0xF9FC92C5, 0xF2A2B3A6,
//     0xD178C878, 0x577B48B4, 0x0CD4E77B, 0x2D12C5F8, 0x3D682516, 0x953BD713, 0x790F2316, 0xC8EBC0A6,
//     0x581FC899, 0xE5E546E7, 0x1C7EB51E, 0xE762BDB5, 0xB92B3202, 0x0BDFE335, 0x154B7A22, 0xACC7ECDE,
//     0x6D4C8F1B, 0xB2EA768B, 0xCD40C44D, 0xD16E4E40, 0xFAF2ADDD, 0x98742F03, 0x89C9E09B, 0xC0F43916,
//     0x04785EB2, 0xF70BFA1F, 0x4849A12A, 0xF85FC7E4, 0x1CDFD193, 0x57B99DC4, 0xF22597BF, 0x23B98BFE,
//     0x07126C34, 0x77D58517, 0xDAAF1808, 0xE8A1B8E0, 0x97DE98E8, 0x4247A854, 0xBF6A8DDC, 0x2A15F656,
//     0xA0841626, 0x2132BE2B, 0xC500B1AF, 0xD47D5E8A, 0x6FB07BEC, 0x9A6756D2, 0x8DBEC6DB, 0x4B6AE84D,
//     0x0CF90153, 0x84367C33, 0x07190A63, 0xCC3E7D2D, 0xEC60ABA7, 0xDD466CC0, 0x829B7360, 0x03366DB5,
//     0x2AF3A827, 0x17E32EE2, 0xF4F7E6B9, 0x4774C8FE, 0x96956C21, 0xF913D2D1, 0x324CE3C8, 0x8B4BC691,
//     0xECBA5498, 0x9E72D1F2, 0x7F33AF02, 0x4F8B446B, 0x5959BBA9, 0x0E038229, 0xE0931CE6, 0x9441CC7F,
//     0x362D7689, 0xDF49F842, 0xDED10306, 0x421F98F5, 0xAAA8393D, 0xB8AA29C7, 0xFCE3A8AE, 0xE3945F0E,
//     0x02CB247F, 0x6CAA601A, 0xDABC6262, 0x58065C26, 0x2BB2FA90, 0xC19EABBE, 0x3A628E68, 0x7DD57F8D,
//     0x431EF423, 0x18043431, 0xA4B0BCDB, 0x8C2C2709, 0xAE9A52A7, 0xAED0A0BA, 0xDDB187F1, 0x5D050E66,
//     0x3698EB66, 0x41DA6FA1, 0x5CBC6294, 0x85F6598D, 0x88EB77EA, 0x39FE35FA, 0x8BCD0FF7, 0x5FAC7B88,
//     0x49ADAFFD, 0x84B9AAAF, 0x3D703D4F, 0xF5559F33, 0xAA630C2C, 0x6BF92355, 0xA67179A2, 0xAAC49DC6,
//     0x0A8A0269, 0x11070DAE, 0x69A2EDEE, 0x75B0E19B, 0xFF1ABE24, 0x1F0F0125, 0xC99D67EE, 0x5B7F0FEC]
RWStructuredBuffer<uint> Out : register(u0);

uint rotl(uint x, uint r) { return (x << r) | (x >> (32 - r)); }

uint pcgHash(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

uint xorshift32(uint x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

uint murmurStep(uint h, uint k) {
    k *= 0xCC9E2D51u;
    k = rotl(k, 15);
    k *= 0x1B873593u;
    h ^= k;
    h = rotl(h, 13);
    return h * 5 + 0xE6546B64u;
}

uint fmix32(uint h) {
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint seed = i == 0 ? 0u : (i == 1 ? 0xFFFFFFFFu : i * 0x9E3779B9u);
    uint p = pcgHash(seed);
    uint x = xorshift32(xorshift32(xorshift32(p | 1)));
    uint m = fmix32(murmurStep(murmurStep(0x12345678u, seed), p));
    uint bits = countbits(m) | (firstbithigh(seed >> (i % 32)) << 8);
    Out[i * 4 + 0] = p;
    Out[i * 4 + 1] = x;
    Out[i * 4 + 2] = m;
    Out[i * 4 + 3] = reversebits(x) ^ bits;
}
