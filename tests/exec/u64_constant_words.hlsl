// 64-bit constants narrowed to 32 bits: a uint64_t constant stored to a RWStructuredBuffer of
// uint64_t (two words on WGSL), a uint cast of a uint64_t constant, countbits and
// reversebits of 64-bit constants. hlslc's WGSL held `u32(9223372036854775808lu)`, which
// naga's WGSL front end evaluates as a constant and rejects (out of the u32 range); HLSL keeps
// the low bits (found by Slang's gh-3637 and reversebits64 tests). Values by hand:
// (uint)0x123456789 = 0x23456789, countbits(0x300000000) = 2, reversebits(1ull) = 2^63.
// peer-bug glslang: a 64-bit literal is "hexadecimal literal too big"
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer u0 rw u64[3] = 0
// buffer u1 rw uint[2] = 0
// expect u0 = [0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0x8000000000000000]
// expect u1 = [0x23456789, 2]
RWStructuredBuffer<uint64_t> wide : register(u0);
RWStructuredBuffer<uint> narrow : register(u1);

[numthreads(1, 1, 1)]
void main() {
    const uint64_t top = 0x8000000000000000ull;
    wide[0] = top;
    wide[1] = int64_t(top) >> 63;
    wide[2] = reversebits(1ull);
    narrow[0] = (uint)0x123456789ull;
    narrow[1] = countbits(0x300000000ull);
}
