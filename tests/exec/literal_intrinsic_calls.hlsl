// A call of min/max/clamp/abs whose arguments are all literals is itself a literal, computed
// on the literals' 64-bit values: DXC keeps its type literal (SemaHLSL.cpp MatchArguments: "For
// literal arg affect return type, TryEvalIntrinsic in CGHLSLMSFinishCodeGen.cpp will take care
// of cases where all arguments are literal") and its DXIL evaluates it on i64/double
// (CGHLSLMS.cpp TryEvalIntrinsic, EvalBinaryIntrinsic's maxD/imaxI), while its SPIR-V types the
// literals by their use (LiteralTypeVisitor: the store's type), which agree for the 64-bit and
// double stores here (DXC's two back ends differ where a value beyond 32 bits is stored to a
// 32-bit type: not asserted). By hand:
//  L: max(0xFFFFFFFF + 1, 5) = 2^32; min(-(1 << 40), 3) = -2^40; clamp(-(1 << 40), -5, 5) = -5;
//     abs(-(1 << 40)) = 2^40; max(1 << 33, 1 << 34) = 2^34
//  D: max(0.1, 0.2) = the double 0.2 (0x3FC999999999999A); min(16777217.0, 16777218.0) =
//     16777217 (a float would round it to 16777216); abs(-0.1) = 0.1; clamp(0.1, 0.0, 1.0) = 0.1
//  o: the literal result takes the typed operand's type: uint16_t 65535 + max(1, 2) wraps in 16
//     bits to 1 (an int result would make it uint 65537); half 1024 + max(0.25, 0.5) = 1024.5,
//     a tie in half (spacing 1) → 1024 (a float result would keep 1024.5)
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires i16 f16 int64 f64
// buffer t0 ro uint[2] = [65535, 1024]
// buffer u1 rw i64[5] = 0
// buffer u2 rw double[4] = 0
// buffer u3 rw float[2] = 0
// expect u1 = [4294967296, -1099511627776, -5, 1099511627776, 17179869184]
// expect u2 = [0.2, 16777217, 0.1, 0.1]
// expect u3 = [1, 1024]
// peer-bug glslang: does not know `int64_t` ("'type' : Expected")
// peer-bug slang: computes an all-literal call in 32-bit int/float (L: 5, 0, 0, 0, 0; D: 0.2f, 16777216)
StructuredBuffer<uint> I : register(t0);
RWStructuredBuffer<int64_t> L : register(u1);
RWStructuredBuffer<double> D : register(u2);
RWStructuredBuffer<float> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    L[0] = max(0xFFFFFFFF + 1, 5);
    L[1] = min(-(1 << 40), 3);
    L[2] = clamp(-(1 << 40), -5, 5);
    L[3] = abs(-(1 << 40));
    L[4] = max(1 << 33, 1 << 34);
    D[0] = max(0.1, 0.2);
    D[1] = min(16777217.0, 16777218.0);
    D[2] = abs(-0.1);
    D[3] = clamp(0.1, 0.0, 1.0);
    uint16_t s = (uint16_t)I[0];
    o[0] = s + max(1, 2);
    half h = (half)I[1];
    o[1] = h + max(0.25, 0.5);
}
