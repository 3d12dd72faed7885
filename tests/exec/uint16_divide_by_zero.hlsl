// Unsigned 16-bit `/` and `%` by a zero divisor give all bits set (0xFFFF), DXIL's UDiv/URem
// value at the operands' width. hlslc's WGSL polyfill (WGSL defines x / 0 = x) compared a
// 16-bit divisor with a 32-bit zero, an invalid naga module (internal error E9901), until
// vkd3d's arithmetic-uint.shader_test (uint16_t division, SM 6.2) compiled it.
// Divisors come from a buffer so nothing folds. Hand-derived (as uint results):
//   7 / 0 = 0xFFFF, 7 % 0 = 0xFFFF, 100 / 7 = 14, 100 % 7 = 2,
//   uint16_t2(9, 65535) / uint16_t2(0, 2) = (0xFFFF, 32767)
// The SPIR-V target keeps the raw OpUDiv/OpUMod, as DXC writes them (undefined for a zero
// divisor in SPIR-V; lavapipe gives D3D's value here).
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16
// buffer t0 ro u16[6] = [7, 0, 100, 7, 9, 65535]
// buffer t1 ro u16[2] = [0, 2]
// buffer u2 rw uint[6] = 0
// expect u2 = [0xFFFF, 0xFFFF, 14, 2, 0xFFFF, 32767]
// peer-bug glslang: unknown type name `uint16_t2` (and no 16-bit HLSL types without the flag)
StructuredBuffer<uint16_t> values : register(t0);
StructuredBuffer<uint16_t> divisors : register(t1);
RWStructuredBuffer<uint> results : register(u2);

[numthreads(1, 1, 1)]
void main() {
    uint16_t a = values[0], zero = values[1], b = values[2], c = values[3];
    results[0] = a / zero;
    results[1] = a % zero;
    results[2] = b / c;
    results[3] = b % c;
    uint16_t2 q = uint16_t2(values[4], values[5]) / uint16_t2(divisors[0], divisors[1]);
    results[4] = q.x;
    results[5] = q.y;
}
