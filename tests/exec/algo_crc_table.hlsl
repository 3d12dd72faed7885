// Table-driven CRC-32: 64 threads build the 256-entry table cooperatively in groupshared
// (4 entries each, 8 conditional shift/xor rounds with a ternary), a barrier, then thread i
// hashes bytes [16 i, 16 i + 3 + 13 i / 7) forwards and backwards; the backward walk is a
// for loop with two comma-separated induction variables (one counting down, one up).
// Bytes come from a ByteAddressBuffer through an aligned Load and a shift.
// Expected values: tests/exec/algo/models.py (crc_table; Python's binascii.crc32).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[16] = 0
// buffer t0 ro uint[32] = [0x7A553000, 0x0EE90F9F, 0xA21E5833, 0x2D11ECC7, 0xCAA5805B, 0x5E39143C, 0xF2CD4B83, 0x865A3C17,
//     0x69F5D0AB, 0xAE89643F, 0x421DF878, 0xD6B18767, 0x6A9620FB, 0xA5D9B48F, 0x926D4823, 0x2601DCB4,
//     0xBA95C34B, 0x4ED204DF, 0xE1BD9873, 0x76512C07, 0x0AE5C0F0, 0x9E79FF2F, 0x320EE8C3, 0x1DA17C57,
//     0x5A3510EB, 0xEEC9A42C, 0x825D3B13, 0x164ACCA7, 0x5985603B, 0x3E19F4CF, 0xD2AD8868, 0x664177F7]
// expect u1 = [0x3B064A9A, 0x4A7003BA, 0x74BC2F3D, 0x203D5EC2, 0xAF53A690, 0x34CB7575, 0x9108ADCB, 0x19D7DA24,
//     0xFD88E976, 0xE069FF26, 0xBF320BEC, 0x26B2C0A5, 0x121FB4E1, 0xDF02638E, 0x4317E563, 0x8769D80F]
ByteAddressBuffer Data : register(t0);
RWStructuredBuffer<uint> Crcs : register(u1);

groupshared uint table[256];

uint byteAt(uint address) {
    return (Data.Load(address & ~3u) >> ((address & 3) * 8)) & 0xFFu;
}

uint crcStep(uint crc, uint b) {
    return table[(crc ^ b) & 0xFF] ^ (crc >> 8);
}

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex) {
    for (uint e = t * 4; e < t * 4 + 4; ++e) {
        uint c = e;
        for (uint k = 0; k < 8; ++k)
            c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[e] = c;
    }
    GroupMemoryBarrierWithGroupSync();
    if (t >= 8)
        return;
    uint start = 16 * t;
    uint len = 3 + t * 13 / 7;
    uint forward = 0xFFFFFFFFu;
    for (uint a = start; a < start + len; ++a)
        forward = crcStep(forward, byteAt(a));
    uint backward = 0xFFFFFFFFu;
    for (int b = (int)(start + len) - 1, n = 0; n < (int)len; --b, ++n)
        backward = crcStep(backward, byteAt(b));
    Crcs[t * 2 + 0] = ~forward;
    Crcs[t * 2 + 1] = ~backward;
}
