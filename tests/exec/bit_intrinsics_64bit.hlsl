// countbits and reversebits on 64-bit integers (scalars and vectors), computed from the
// 32-bit halves (Vulkan takes the SPIR-V bit instructions on 32-bit components only; WGSL's
// built-ins have no 64-bit forms). Hand-derived: a = 0x0000000F_00000001 has 4 + 1 = 5 bits
// set, and reversed it is 0x80000000_F0000000 (bit 0 -> bit 63, bits 32..35 -> bits 31..28);
// b = int64 -2 = 0xFFFFFFFF_FFFFFFFE has 63 bits set, and reversed it is
// 0x7FFFFFFF_FFFFFFFF. Each reversed value is written as its low word, then its high word.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// peer-bug glslang: cannot construct uint64_t from uint ("unsupported construction")
// buffer t0 ro uint[4] = [1, 0xF, 0xFFFFFFFE, 0xFFFFFFFF]
// buffer u1 rw uint[8] = 0
// expect u1 = [5, 0xF0000000, 0x80000000, 63, 0xFFFFFFFF, 0x7FFFFFFF, 5, 63]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint64_t a = (uint64_t(src[1]) << 32) | src[0];
    int64_t b = (int64_t)((uint64_t(src[3]) << 32) | src[2]);
    dst[0] = countbits(a);
    uint64_t ra = reversebits(a);
    dst[1] = uint(ra);
    dst[2] = uint(ra >> 32);
    dst[3] = countbits(b);
    int64_t rb = reversebits(b);
    dst[4] = uint(rb);
    dst[5] = uint((uint64_t)rb >> 32);
    uint2 n = countbits(int64_t2(a, b));
    dst[6] = n.x;
    dst[7] = n.y;
}
