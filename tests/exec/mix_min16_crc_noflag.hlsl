// CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) and a signed byte balance computed in
// min-precision types without -enable-16bit-types, as older mobile-first shader libraries
// write them: `min16uint` state masked to 16 bits after each shift (min16uint computes in at
// least 16 bits; without the flag DXC computes it in 32, so the masks keep it portable),
// `min16int` for the signed balance of (byte - 128), a helper taking and returning min16uint,
// and the mix with 32-bit types: `crc * 0x10001u` is uint, `balance < 0` a signed compare.
// Thread 0 checks the standard check string "123456789" (CRC 0x29B1, the published check
// value); threads 1-3 run on 16 bytes (29 i + 7) mod 256 each. Five words per thread: CRC,
// balance, crc * 0x10001, balance < 0, crc >> 12.
// Expected values: tests/exec/mix/models.py (min16_crc_noflag).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[16] = [875770417, 943142453, 57, 0, 1581327367, 3535116411, 1177095407,
//     3130884195, 772928727, 2726651979, 385473727, 2322419763, 4276208807, 1918187547, 3871976591,
//     1513955331]
// buffer u1 rw uint[20] = 0
// expect u1 = [10673, 4294966621, 699476401, 1, 2, 19950, 4294967048, 1307463150, 1, 4, 13649, 8,
//     894514513, 0, 3, 30805, 8, 2018867285, 0, 7]
ByteAddressBuffer Bytes : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

min16uint crcStep(min16uint crc, min16uint b) {
    crc ^= b << 8;
    [unroll] for (int k = 0; k < 8; ++k)
        crc = (crc & 0x8000) ? ((crc << 1) ^ 0x1021) & 0xFFFF : (crc << 1) & 0xFFFF;
    return crc;
}

min16uint byteAt(uint offset) {
    return (min16uint)((Bytes.Load(offset & ~3u) >> ((offset & 3) * 8)) & 0xFF);
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint n = t == 0 ? 9 : 16;
    min16uint crc = 0xFFFF;
    min16int balance = 0;
    for (uint i = 0; i < n; ++i) {
        min16uint b = byteAt(t * 16 + i);
        crc = crcStep(crc, b);
        balance += (min16int)b - 128;
    }
    uint o = t * 5;
    Out[o + 0] = crc;
    Out[o + 1] = balance;
    Out[o + 2] = crc * 0x10001u;
    Out[o + 3] = balance < 0;
    Out[o + 4] = crc >> 12;
}
