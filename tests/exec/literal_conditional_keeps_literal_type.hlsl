// `c ? a : b` between two literals is itself a literal when c is known only at run time:
// DXC's CheckVectorConditional (SemaHLSL.cpp) combines literal int and float into a literal
// type, which DXIL emits as i64/double and DXC's SPIR-V types by its use (LiteralTypeVisitor:
// the select takes the store's type), so each branch converts from its own value. By hand,
// with c true and nc false, both read from a buffer:
//  D: c ? 0.1 : 0.2 into a double is the double 0.1 (a float choice would give
//     0.10000000149011612); c ? 16777217.0 : 0 is 16777217 (a float would round to 16777216);
//     nc ? 1 : 2.5 is 2.5
//  L: c ? 0xFFFFFFFF + 1 : 0 into int64_t is 2^32 (a 32-bit choice wraps it to 0);
//     c ? -(1 << 40) : 7 is -2^40
//  o: with a typed operand the literal takes its type: uint16_t 65535 + (c ? 1 : 2) wraps in
//     16 bits to 0 (an int choice would give uint 65536); half 1024 + (c ? 0.25 : 0.5) is
//     1024.25 rounded to half: 1024 (a float choice keeps 1024.25); float f = c ? 0.1 : 0.2 is
//     0.1f (0x3DCCCCCD)
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f64 int64 i16 f16
// buffer t0 ro uint[4] = [1, 0, 65535, 1024]
// buffer u1 rw double[3] = 0
// buffer u2 rw i64[2] = 0
// buffer u3 rw uint[3] = 0
// expect u1 = [0.1, 16777217, 2.5]
// expect u2 = [4294967296, -1099511627776]
// expect u3 = [0, 0x44800000, 0x3DCCCCCD]
// peer-bug glslang: does not know `int64_t` ("'type' : Expected")
// peer-bug slang: chooses between literals in 32-bit float/int (D: 0.10000000149011612, 16777216;
//   L: 0, 0; o: 65536, 1024.25)
StructuredBuffer<uint> I : register(t0);
RWStructuredBuffer<double> D : register(u1);
RWStructuredBuffer<int64_t> L : register(u2);
RWStructuredBuffer<uint> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    bool c = I[0] != 0;
    bool nc = I[1] != 0;
    D[0] = c ? 0.1 : 0.2;
    D[1] = c ? 16777217.0 : 0;
    D[2] = nc ? 1 : 2.5;
    L[0] = c ? 0xFFFFFFFF + 1 : 0;
    L[1] = c ? -(1 << 40) : 7;
    uint16_t s = (uint16_t)I[2];
    o[0] = s + (c ? 1 : 2);
    half h = (half)I[3];
    o[1] = asuint((float)(h + (c ? 0.25 : 0.5)));
    float f = c ? 0.1 : 0.2;
    o[2] = asuint(f);
}
