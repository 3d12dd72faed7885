// Bitwise CRC-32 (IEEE, reflected polynomial 0xEDB88320) of unaligned byte ranges of a
// ByteAddressBuffer: thread i hashes bytes [16 i, 16 i + 5 + i), reading each byte with a
// word-aligned Load and a shift by (address & 3) * 8, and the 8-round inner loop uses the
// branch-free mask 0 - (crc & 1) (unsigned negation wraps).
// Expected values: tests/exec/algo/models.py (crc32; Python's binascii.crc32).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[8] = 0
// buffer t0 ro uint[32] = [0x7A553000, 0x0EE90F9F, 0xA21E5833, 0x2D11ECC7, 0xCAA5805B, 0x5E39143C, 0xF2CD4B83, 0x865A3C17,
//     0x69F5D0AB, 0xAE89643F, 0x421DF878, 0xD6B18767, 0x6A9620FB, 0xA5D9B48F, 0x926D4823, 0x2601DCB4,
//     0xBA95C34B, 0x4ED204DF, 0xE1BD9873, 0x76512C07, 0x0AE5C0F0, 0x9E79FF2F, 0x320EE8C3, 0x1DA17C57,
//     0x5A3510EB, 0xEEC9A42C, 0x825D3B13, 0x164ACCA7, 0x5985603B, 0x3E19F4CF, 0xD2AD8868, 0x664177F7]
// expect u1 = [0xE91EFC4E, 0xE9C9BE26, 0xB6C614EB, 0x9108ADCB, 0xE57A7CA4, 0xB76377A8, 0x87401D9D, 0xFBD80D58]
ByteAddressBuffer Data : register(t0);
RWStructuredBuffer<uint> Crcs : register(u1);

uint loadByte(uint address) {
    return (Data.Load(address & ~3u) >> ((address & 3) * 8)) & 0xFFu;
}

uint crc32(uint start, uint length) {
    uint crc = 0xFFFFFFFFu;
    for (uint a = start; a < start + length; ++a) {
        crc ^= loadByte(a);
        [unroll]
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Crcs[i] = crc32(16 * i, 5 + i);
}
