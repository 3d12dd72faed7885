// Enums keep their underlying type (HLSL 2021, DXC). An unscoped enum converts implicitly to
// numbers; in an operator it keeps the enum type, whose signedness is its underlying type's
// (clang's hasUnsignedIntegerRepresentation looks through the enum), so `E32 : uint` values
// compare and shift as uint while `Plain` (no fixed type, enumerators -1..1: int) is signed.
// sizeof: DXC's CodeGenSPIRV/enum_sizeof.hlsl (E1 : uint64_t is 8, E2 : uint 4, a struct of
// both 16); `Tiny : uint16_t` is 2. Derivation:
//   [0..3] sizeof 8, 4, 16, 2
//   [4] Big > Small: 0xFFFFFFFF > 1 unsigned → 1 | [5] Minus < Zero: -1 < 0 signed → 1
//   [6] Minus >> 1 arithmetic → -1 = 0xFFFFFFFF | [7] Big >> 1 logical → 0x7FFFFFFF
//   [8] float f = Small → 1.0 = 0x3F800000 | [9] (uint)(Wide >> 32) with Wide = 2^32 + 5 → 1
//   [10] (uint)(Wide) → 5 (low word) | [11] (uint)Tiny::B + 1 → 0xFFFF + 1 = 0x10000
//   [12] pick(Minus) + pick(One) → 10 + 30 (switch on an enum) | [13] Big / 2u → 0x7FFFFFFF
//   [14] Plain p = Minus; p / 2 → int -1 / 2 = 0 (truncation) | [15] Big % 10 → 4294967295 % 10 = 5
// exec: -T cs_6_2 -E main -HV 2021 -enable-16bit-types dispatch 1 1 1
// requires int64 i16
// buffer u0 rw uint[16] = 0
// expect u0 = [8, 4, 16, 2, 1, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x3F800000, 1, 5, 0x10000, 40, 0x7FFFFFFF, 0, 5]
// peer-bug glslang: does not compile: `enum` is a reserved word in its HLSL front end
// peer-bug slang: an unscoped enum's enumerators are not in the enclosing scope (`case Minus:` is an
//   undefined identifier; Slang wants [UnscopedEnum])
RWStructuredBuffer<uint> o : register(u0);

enum E64 : uint64_t { Wide = 0x100000005 };
enum E32 : uint { Big = 0xFFFFFFFF, Small = 1 };
enum Plain { Minus = -1, Zero, One };
enum class Tiny : uint16_t { A = 7, B = 0xFFFF };
struct S { E64 a; E32 b; };

uint pick(Plain p) {
    switch (p) {
    case Minus: return 10;
    case Zero: return 20;
    default: return 30;
    }
}

[numthreads(1, 1, 1)]
void main() {
    o[0] = sizeof(E64);
    o[1] = sizeof(E32);
    o[2] = sizeof(S);
    o[3] = sizeof(Tiny);
    E32 big = Big;
    E32 small = Small;
    Plain minus = Minus;
    Plain zero = Zero;
    o[4] = big > small ? 1 : 0;
    o[5] = minus < zero ? 1 : 0;
    o[6] = (uint)(minus >> 1);
    o[7] = (uint)(big >> 1);
    float f = small;
    o[8] = asuint(f);
    E64 wide = Wide;
    o[9] = (uint)(wide >> 32);
    o[10] = (uint)wide;
    Tiny t = Tiny::B;
    o[11] = (uint)t + 1;
    o[12] = pick(minus) + pick(One);
    o[13] = big / 2u;
    o[14] = (uint)(minus / 2);
    o[15] = big % 10;
}
