// With -enable-16bit-types, min16float/min10float are `half` and min16int/min12int/min16uint
// are int16_t/uint16_t (DXC warns "is promoted to"; SPIR-V.rst: 16-bit types), so: the
// elements of their buffers are 2 bytes (RWStructuredBuffer<min16float> stride 2; a struct
// { min16float a; min16float b; float c; } has a at 0, b at 2, c at 4, stride 8); sizeof is 2
// (sizeof(min16float3) = 6, sizeof(that struct) = 8: ASTContext gives min16 types a width of 16
// bits); arithmetic rounds to half: m = 1025, m * 1.5 = 1537.5 is a tie between 1537 and 1538
// (half's spacing is 1 in [1024, 2048)) → 1538, folded the same; 2049.0h is a tie → 2048;
// 1.0h / 3 = 0x3555 = 0.333251953125; min16uint 65535 + 1 wraps to 0. Mixed with a 32-bit
// operand the result is 32-bit (tags: float 1, int 3): m + f is float, mi + i int. (The
// types stay DXC's Min16FloatTy/Min16IntTy, which ScoreCast promotes to half and float
// alike: a min16float argument against tag(float) and tag(half) is ambiguous, in hlslc too,
// so no tag is taken of a min-precision value itself.) Values by hand.
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16 i16
// buffer t0 ro float[4] = [1025, 2049, 1, 0.5]
// buffer t1 ro uint[2] = [65535, 7]
// buffer u2 rw f16[4] = 0
// buffer u3 rw = f16 [0, 0] f32 [0]  f16 [0, 0] f32 [0]
// buffer u4 rw uint[5] = 0
// buffer u5 rw float[8] = 0
// buffer u6 rw uint[4] = 0
// expect u2 = [1025, 1538, 2048, 0.333251953125]
// expect u3 = f16 [1025, 1538] f32 [0.5]  f16 [2048, 1] f32 [-2]
// expect u4 = [2, 2, 6, 8, 2]
// expect u5 = [1538, 1538, 2048, 2048, 0.333251953125, 0.333251953125, 0, 0]
// expect u6 = [1, 3, 0, 0]
// peer-bug glslang: does not convert a float to min16float implicitly ("cannot convert from
//   'buffer float' to 'temp mediump float16_t'")
// peer-bug slang: does not know `min16float` ("undefined identifier")
StructuredBuffer<float> F : register(t0);
StructuredBuffer<uint> U : register(t1);
RWStructuredBuffer<min16float> M : register(u2);
struct S { min16float a; min16float b; float c; };
RWStructuredBuffer<S> SB : register(u3);
RWStructuredBuffer<uint> Z : register(u4);
RWStructuredBuffer<float> V : register(u5);
RWStructuredBuffer<uint> T : register(u6);

uint tag(float x) { return 1; }
uint tag(int x) { return 3; }

[numthreads(1, 1, 1)]
void main() {
    min16float m = F[0];
    float f = F[3];
    M[0] = m;
    M[1] = m * 1.5;
    M[2] = (min16float)F[1];
    M[3] = (min16float)F[2] / 3;
    S s0;
    s0.a = m; s0.b = m * 1.5; s0.c = f;
    SB[0] = s0;
    S s1;
    s1.a = 2049.0h; s1.b = (min10float)F[2]; s1.c = -2;
    SB[1] = s1;
    Z[0] = sizeof(min16float);
    Z[1] = sizeof(min16int);
    Z[2] = sizeof(min16float3);
    Z[3] = sizeof(S);
    Z[4] = sizeof(min12int);
    V[0] = m * 1.5;
    V[1] = (min16float)1025 * 1.5;
    V[2] = (half)F[1];
    V[3] = 2049.0h;
    V[4] = (half)F[2] / 3.0;
    V[5] = 1.0h / 3.0;
    min16uint mu = (min16uint)U[0];
    V[6] = (float)(uint)(mu + 1);
    V[7] = (float)(uint)((min16uint)65535 + 1);
    min16int mi = (min16int)U[1];
    int i = (int)U[1];
    T[0] = tag(m + f);
    T[1] = tag(mi + i);
    T[2] = mu + 1;
    T[3] = (uint16_t)65535 + (uint16_t)1;
}
