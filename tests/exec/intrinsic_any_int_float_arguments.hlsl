// Bit intrinsics with floating-point arguments, typed as DXC's MatchArguments does:
// `countbits`, `reversebits`, `firstbithigh`, `firstbitlow` take `any_int<>`, whose component
// list (int, int16_t, uint, uint16_t, int64_t, uint64_t, literal int) has no NOCAST entry, so a
// float, double or float literal is not rejected: the list's first type, int, is taken and the
// argument converts as by a cast (toward zero). `countbits` and `firstbit*` return uint,
// `reversebits` returns its argument type, int. Inputs f = [-1.5, -8.7, 2.9, 6.0]:
// - countbits(-1.5) = countbits(-1) = 32; countbits(float2(2.9, 6.0)) = (countbits(2), countbits(6)) = (1, 2)
// - reversebits(2.9) = reversebits(2) = 0x40000000 = 1073741824; reversebits(-1.5) = -1 -> 4294967295
// - firstbithigh(-8.7): -8 = 0xFFFFFFF8, signed: the highest bit differing from the sign is 2;
//   firstbithigh(-1.5) = firstbithigh(-1) = -1 (no such bit) -> 4294967295
// - firstbitlow(-8.7) = firstbitlow(-8) = 3
// - countbits(2.5) = countbits(2) = 1; reversebits(1.5) = int 0x80000000 -> 2147483648
// - countbits((double)-1.5) = 32; countbits(-8.7) = countbits(0xFFFFFFF8) = 29
// - tags (kind * 10 + length: int 1, uint 2): countbits(float) 21, reversebits(float) 11,
//   reversebits(float2) 12, firstbithigh(float) 21, reversebits(1.5) 11, reversebits(double) 11
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [-1.5, -8.7, 2.9, 6.0]
// buffer u1 rw uint[12] = 0
// buffer u2 rw uint[6] = 0
// expect u1 = [32, 1, 2, 1073741824, 4294967295, 2, 4294967295, 3, 1, 2147483648, 32, 29]
// expect u2 = [21, 11, 12, 21, 11, 11]
// peer-bug glslang: float arguments of the bit intrinsics are not converted to int as DXC does (`reversebits(float)` returns uint, of a float2 a float2; countbits/firstbit* of vectors and negative values differ)
StructuredBuffer<float> f : register(t0);
RWStructuredBuffer<uint> o : register(u1);
RWStructuredBuffer<uint> t : register(u2);

uint tag(int x) { return 11; }
uint tag(int2 x) { return 12; }
uint tag(uint x) { return 21; }
uint tag(uint2 x) { return 22; }
uint tag(float x) { return 81; }
uint tag(float2 x) { return 82; }

[numthreads(1, 1, 1)]
void main() {
    float a = f[0], b = f[1], c = f[2], e = f[3];
    double d = (double)a;
    uint2 n = countbits(float2(c, e));
    o[0] = countbits(a);
    o[1] = n.x;
    o[2] = n.y;
    o[3] = (uint)reversebits(c);
    o[4] = (uint)reversebits(a);
    o[5] = firstbithigh(b);
    o[6] = firstbithigh(a);
    o[7] = firstbitlow(b);
    o[8] = countbits(2.5);
    o[9] = (uint)reversebits(1.5);
    o[10] = countbits(d);
    o[11] = countbits(b);
    t[0] = tag(countbits(a));
    t[1] = tag(reversebits(a));
    t[2] = tag(reversebits(float2(c, e)));
    t[3] = tag(firstbithigh(b));
    t[4] = tag(reversebits(1.5));
    t[5] = tag(reversebits(d));
}
