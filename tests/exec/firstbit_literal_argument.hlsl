// A literal argument of countbits/firstbithigh/firstbitlow takes its type from its value, as
// DXC's LiteralToConcrete: a negated literal is int, any other uint (their result type does
// not depend on it). So firstbithigh(-2) is the signed firstbithigh (the first 0 bit below the
// sign: 0), not the unsigned one of 0xFFFFFFFE (31); hlslc typed every literal uint (found by
// Slang's firstbithigh test). Values by hand: firstbithigh(-2) = 0, (-9) = 3, (-1) = -1
// (0xFFFFFFFF), (-(16)) = 3; unsigned literals: (0xFFFFFFFE) = 31, (2147483648) = 31, (8) = 3;
// firstbitlow(-8) = 3; countbits(-1) = 32; countbits(0x100000000) = 1 (a uint64_t literal).
// peer-bug glslang: types every literal int: firstbithigh(0xFFFFFFFE) and firstbithigh(2147483648) take the signed overload (0 and 30); a 64-bit literal is "hexadecimal literal too big"
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer u0 rw uint[10] = 0
// expect u0 = [0, 3, 0xFFFFFFFF, 3, 31, 31, 3, 3, 32, 1]
RWStructuredBuffer<uint> dst : register(u0);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = firstbithigh(-2);
    dst[1] = firstbithigh(-9);
    dst[2] = firstbithigh(-1);
    dst[3] = firstbithigh(-(16));
    dst[4] = firstbithigh(0xFFFFFFFE);
    dst[5] = firstbithigh(2147483648);
    dst[6] = firstbithigh(8);
    dst[7] = firstbitlow(-8);
    dst[8] = countbits(-1);
    dst[9] = countbits(0x100000000);
}
