// Arithmetic on literals folds as DXC folds it: a literal int is a 64-bit integer and a
// literal float a double (DXC's LitInt and LitFloat types); the result takes the variable's
// type only when it is stored. Expected values from Python: double arithmetic rounded once
// to f32 (struct.pack('<f')), integer arithmetic on unbounded ints taken mod 2^32.
// Operands that are not literals keep 32-bit semantics (`v << 33` masks the amount).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [1]
// buffer u1 rw float[3] = 0
// buffer u2 rw uint[8] = 0
// expect u1 = [0x3F800000, 0x501502F9, 0x24800000]
// expect u2 = [4000000000, 0xFFFFFFFF, 0, 1, 0x80000000, 2000000000, 0, 2]
// peer-bug glslang: folds literal floats and ints at 32 bits (16777217.0 - 16777216.0 is 0,
//   1e20 * 1e20 overflows to infinity, (1 << 32) - 1 is 0, 1 << 33 masks to 2)
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<float> f : register(u1);
RWStructuredBuffer<uint> u : register(u2);

[numthreads(1, 1, 1)]
void main() {
    f[0] = 16777217.0 - 16777216.0;       // 1.0 (f32 would round 16777217 to 16777216)
    f[1] = 1e20 * 1e20 / 1e30;            // 1e10 (f32 overflows at 1e40)
    f[2] = 0.1 + 0.2 - 0.3;               // 5.551115123125783e-17, rounded once
    u[0] = (4000000000 + 4000000000) / 2; // 4000000000 (no 32-bit wrap in the sum)
    u[1] = (1 << 32) - 1;                 // 0xFFFFFFFF
    u[2] = 1 << 33;                       // 2^33, truncated to 0
    u[3] = 0xFFFFFFFF + 2;                // 2^32 + 1, truncated to 1
    u[4] = (0x80000000 * 2) >> 1;         // 0x80000000
    u[5] = (3000000000 * 2) / 3;          // 2000000000
    u[6] = (16777217.0 == 16777216.0) ? 1 : 0; // 0: the doubles differ
    uint v = src[0];
    u[7] = v << 33;                       // not a literal: the amount masks to 1, so 2
}
