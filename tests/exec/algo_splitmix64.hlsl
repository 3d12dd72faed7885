// 64-bit integer hashing: splitmix64 on uint64_t (wrapping 64-bit multiplies by constants
// written with the ULL suffix, 64-bit shifts and xors), a 32 x 32 -> 64-bit multiply for a
// high word ((uint64_t)a * b >> 32), and narrowing/widening casts between uint and
// uint64_t. Per thread: the hash, then mulhi | (fold16 << 32).
// Expected values: tests/exec/algo/models.py (splitmix64).
// requires int64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint64_t[32] = 0
// peer-bug glslang: does not compile 64-bit integer code (see int64_signed)
// expect u0 = [0x157A3807A48FAA9D, 0x0000929A00000000, 0xD573529B34A1D093, 0x0000820820874683,
//     0x2F90B72E996DCCBE, 0x00007B9024383B08, 0xA2D419334C4667EC, 0x00007EDF41258AA5,
//     0x01404CE914938008, 0x0000CCE109B6F9E5, 0x14BC574C2A2B4C72, 0x00001B3E03CD694F,
//     0xB8FC5B1060708C05, 0x0000D715444C8697, 0x8931545F4F9EA651, 0x0000F20E19F997CD,
//     0xF984DB4EF14FDE1B, 0x00000555E3DD372B, 0x2680D065CB73ECE7, 0x00003C82726718F9,
//     0xCDB8C9CD9A62DA0F, 0x000013C21BD78BBD, 0x6A6E60FD5089ADEC, 0x0000CD11404C9DBC,
//     0x8EBA85B28DF77747, 0x0000F2F53B1DB445, 0x97F6C69811CFB13B, 0x000077A3009D0B4C,
//     0x380E8B5C685039CF, 0x0000B293440FDC8B, 0xD7EBCCA19D49C3F5, 0x00000F542A8C48C2]
RWStructuredBuffer<uint64_t> Out : register(u0);

uint64_t splitmix64(uint64_t state) {
    uint64_t z = state + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint64_t state = (uint64_t)i * 0x9E3779B97F4A7C15ULL + 0x0123456789ABCDEFULL;
    uint64_t z = splitmix64(state);
    uint a = i * 2654435761u;
    uint b = (uint)z;
    uint mulhi = (uint)(((uint64_t)a * b) >> 32);
    uint fold = ((uint)(z >> 32) ^ (uint)z) & 0xFFFFu;
    Out[i * 2 + 0] = z;
    Out[i * 2 + 1] = (uint64_t)mulhi | ((uint64_t)fold << 32);
}
