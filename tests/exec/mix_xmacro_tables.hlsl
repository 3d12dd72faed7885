// Preprocessor idioms of engine shader code generating the program: an X-macro list
// expanded four times (an enum with a trailing count, `static const uint FLAG_##name`
// constants, a `static const float` table sized by the enum's count with a trailing comma,
// and the cases of a `switch` that `return`s), token pasting to define getter functions, a
// `do { ... } while (0)` statement macro in a loop, a variadic macro forwarding
// `__VA_ARGS__`, `#if` arithmetic on macro values with `defined()`, `#ifdef`/`#undef`, and
// `#pragma` lines DXC accepts. Per thread t (material t % 4; Record t = {10 + t, t / 2,
// 5t & 15}): describe(m) = bit * 10 + weight * 4, table weight * record weight, whether the
// record's flags hold FLAG_Metal, an accumulator (+13i for i < 7t, wrapping past 100),
// id + flags + 3 through SUM3(...), and 16 for t >= 4 else 8 (SHIFT chosen by #if).
// Expected values: tests/exec/mix/models.py (xmacro_tables).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro = u32 [10] f32 [0] u32 [0, 11] f32 [0.5] u32 [5, 12] f32 [1] u32 [10, 13] f32 [
//     1.5] u32 [15, 14] f32 [2] u32 [4, 15] f32 [2.5] u32 [9, 16] f32 [3] u32 [14, 17] f32 [
//     3.5] u32 [3]
// buffer u1 rw float[48] = 0
// expect u1 = [12, 0, 0, 0, 13, 8, 21, 0.125, 0, 73, 19, 8, 43, 0.75, 1, 283, 25, 8, 88, 3, 1,
//     1130, 31, 8, 12, 1, 0, 2614, 21, 16, 21, 0.625, 0, 4735, 27, 16, 43, 2.25, 1, 7493, 33,
//     16, 88, 7, 1, 10888, 23, 16]
// peer-bug glslang: no `enum` declarations
#pragma once
#pragma warning(disable : 3557)

#define MATERIAL_LIST(X)      \
    X(Diffuse, 1, 0.5f)       \
    X(Metal, 2, 0.25f)        \
    X(Glass, 4, 0.75f)        \
    X(Emissive, 8, 2.0f)

#define AS_ENUM(name, bit, w) MAT_##name,
enum MaterialId { MATERIAL_LIST(AS_ENUM) MAT_COUNT };
#undef AS_ENUM

#define AS_FLAG(name, bit, w) static const uint FLAG_##name = bit;
MATERIAL_LIST(AS_FLAG)

#define AS_WEIGHT(name, bit, w) w,
static const float kWeights[MAT_COUNT] = { MATERIAL_LIST(AS_WEIGHT) };

#define AS_CASE(name, bit, w) \
    case MAT_##name:          \
        return FLAG_##name * 10 + (uint)(w * 4);

uint describe(MaterialId m) {
    switch (m) {
        MATERIAL_LIST(AS_CASE)
    default:
        return 0;
    }
}

struct Record {
    uint id;
    float weight;
    uint flags;
};

#define DEFINE_GETTER(field, type) \
    type get_##field(Record r) { return r.field; }
DEFINE_GETTER(id, uint)
DEFINE_GETTER(weight, float)
DEFINE_GETTER(flags, uint)

#define ACCUMULATE(acc, value)  \
    do {                        \
        acc += (value);         \
        if (acc > 100)          \
            acc -= 100;         \
    } while (0)

uint sum3(uint a, uint b, uint c) { return a + b + c; }
#define SUM3(...) sum3(__VA_ARGS__)

#define MAT_BITS 4
#if defined(MAT_BITS) && MAT_BITS * 2 > 6
#define SHIFT MAT_BITS
#else
#define SHIFT 3
#endif
#ifdef AS_FLAG
#undef AS_FLAG
#endif
#ifndef AS_FLAG
#define AS_FLAG_GONE 1
#endif

StructuredBuffer<Record> Records : register(t0);
RWStructuredBuffer<float> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    MaterialId m = (MaterialId)(t % MAT_COUNT);
    Record r = Records[t];
    uint acc = 0;
    for (uint i = 0; i < t * 7; ++i)
        ACCUMULATE(acc, i * 13);
    float row[6] = {
        describe(m),
        kWeights[m] * get_weight(r),
        (get_flags(r) & FLAG_Metal) != 0,
        acc,
        SUM3(get_id(r), get_flags(r), 3),
        t >= 4 ? (1u << SHIFT) : (AS_FLAG_GONE << 3),
    };
    for (uint k = 0; k < 6; ++k)
        Out[6 * t + k] = row[k];
}
