// A literal argument deduces a template's type parameter as `int` or `float`, whatever its value
// (DXC's SemaTemplateDeduction.cpp, HLSL change in FinishTemplateArgumentDeduction: "for
// user-supplied templates we translate any `literal <type>` arguments into the appropriate
// 32-bit type"), so the value then converts to that type. By hand:
//   o0 half_of(3000000000): T = int, x = 3000000000 - 2^32 = -1294967296, x / 2 = -647483648
//      = 0xD9682F00 (as uint 3647483648; a uint T would give 1500000000)
//   o1 size_of(0x100000000) = sizeof(int) = 4 | o2 id(0x100000005) = int 5 (truncated)
//   o3 size_of(1.5) = sizeof(float) = 4 | o4 id(0.1) = float 0.1 = 0x3DCCCCCD
//   o5 half_of(-7) = -3 = 0xFFFFFFFD | o6 size_of(x) for a uint64_t x = 8 (not a literal)
// hlslc deduced the literal's nominal type before (uint for 3000000000, int64_t for 0x100000000).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// requires int64
// buffer t1 ro uint[2] = [5, 1]
// buffer u0 rw uint[7] = 0
// expect u0 = [0xD9682F00, 4, 5, 4, 0x3DCCCCCD, 0xFFFFFFFD, 8]
// peer-bug glslang: does not compile: `template` is a reserved word in its HLSL front end
// peer-bug slang: does not compile: no C++ `template` declarations (Slang has generics instead)
StructuredBuffer<uint> I : register(t1);
RWStructuredBuffer<uint> o : register(u0);

template <typename T>
T half_of(T x) { return x / 2; }
template <typename T>
uint size_of(T x) { return sizeof(T); }
template <typename T>
T id(T x) { return x; }

[numthreads(1, 1, 1)]
void main() {
    o[0] = (uint)half_of(3000000000);
    o[1] = size_of(0x100000000);
    o[2] = (uint)id(0x100000005);
    o[3] = size_of(1.5);
    o[4] = asuint(id(0.1));
    o[5] = (uint)half_of(-7);
    uint64_t x = I[0];
    o[6] = size_of(x);
}
