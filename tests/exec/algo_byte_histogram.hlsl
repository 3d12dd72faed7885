// Histogram of 256 bytes read from a ByteAddressBuffer: each of 16 threads loads 16 bytes
// with Load4, splits every word into bytes with shifts and masks in a nested loop over a
// vector component index, and accumulates into a RWByteAddressBuffer with InterlockedAdd
// (bin = high nibble, byte offset bin * 4), InterlockedAdd of the byte sum at 64,
// InterlockedMax at 68 and a count of odd bytes at 72 (only when the thread found any).
// Expected values: tests/exec/algo/models.py (byte_histogram).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[20] = 0
// peer-bug glslang: RWByteAddressBuffer InterlockedAdd with an int literal value gives invalid SPIR-V (see byteaddress_interlocked)
// buffer t0 ro uint[64] = [0x7A553000, 0x0EE90F9F, 0xA21E5833, 0x2D11ECC7, 0xCAA5805B, 0x5E39143C, 0xF2CD4B83, 0x865A3C17,
//     0x69F5D0AB, 0xAE89643F, 0x421DF878, 0xD6B18767, 0x6A9620FB, 0xA5D9B48F, 0x926D4823, 0x2601DCB4,
//     0xBA95C34B, 0x4ED204DF, 0xE1BD9873, 0x76512C07, 0x0AE5C0F0, 0x9E79FF2F, 0x320EE8C3, 0x1DA17C57,
//     0x5A3510EB, 0xEEC9A42C, 0x825D3B13, 0x164ACCA7, 0x5985603B, 0x3E19F4CF, 0xD2AD8868, 0x664177F7,
//     0xFA86B08B, 0x9569441F, 0x22FDD8B3, 0xB6916CA4, 0x4A25B3DB, 0xDEC2946F, 0xD14D2803, 0x06E1BC97,
//     0x9A7550E0, 0x2E09EFBF, 0xC2FE7853, 0x0D310CE7, 0xEAC5A07B, 0x7E59341C, 0x12ED2BA3, 0xA63A5C37,
//     0x4915F0CB, 0xCEA9845F, 0x623D1858, 0xF6D16787, 0x8A76401B, 0x85F9D4AF, 0xB28D6843, 0x4621FC94,
//     0xDAB5A36B, 0x6EB224FF, 0xC1DDB893, 0x96714C27, 0x2A05E0D0, 0xBE99DF4F, 0x52EE08E3, 0xFDC19C77]
// expect u1 = [15, 16, 16, 16, 16, 17, 16, 14, 16, 16, 16, 16, 16, 17, 16, 17,
//     32952, 255, 128, 0]
ByteAddressBuffer Bytes : register(t0);
RWByteAddressBuffer Hist : register(u1);

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint4 words = Bytes.Load4(i * 16);
    uint sum = 0, biggest = 0, odd = 0;
    for (uint w = 0; w < 4; ++w) {
        uint word = words[w];
        for (uint b = 0; b < 4; ++b) {
            uint octet = (word >> (b * 8)) & 0xFF;
            Hist.InterlockedAdd((octet >> 4) * 4, 1);
            sum += octet;
            biggest = max(biggest, octet);
            odd += octet & 1;
        }
    }
    Hist.InterlockedAdd(64, sum);
    Hist.InterlockedMax(68, biggest);
    if (odd != 0) {
        uint before;
        Hist.InterlockedAdd(72, odd, before);
    }
}
