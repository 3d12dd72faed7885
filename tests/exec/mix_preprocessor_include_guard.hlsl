// The preprocessor as engine shader libraries use it: a shared header included twice behind
// an include guard (its functions would otherwise be redefined), `#if defined(USE_FAST) &&
// QUALITY > 2` / `#elif` / `#else` chains on command-line defines (-D QUALITY=3 -D USE_FAST),
// `!defined(MISSING) && (QUALITY * 2 == 6) && TAPS == 5`, token pasting that declares and
// then calls a family of functions (`blend_##name`, `CAT(blend_, op)(x, y)`), variadic macros
// forwarding `__VA_ARGS__` to an overload set, an argument counter built from `__VA_ARGS__`,
// and `__LINE__` both in the header (line 7 of mix/engine_common.hlsli) and here (line 46).
// Words: TAPS (5), PATH_ID (7), header line, this file's line, COUNT_ARGS of three and of one
// argument, then per thread t (4 threads, x = t + 1, y = 2): blend add, mul, max, lerp_half of
// (x, y) as floats, and PACK(t, x) and PACK(t, x, TAPS).
// exec: -T cs_6_0 -E main -D QUALITY=3 -D USE_FAST dispatch 1 1 1
// buffer u0 rw uint[30] = 0
// expect u0 = u32 [5, 7, 7, 46, 3, 1] f32 [3, 2, 2, 1.5] u32 [256, 327936] f32 [4, 4,
//     2, 2] u32 [513, 328193] f32 [5, 6, 3, 2.5] u32 [770, 328450] f32 [6, 8, 4, 3] u32 [1027, 328707]
// peer-bug glslang: no variadic macros
RWStructuredBuffer<uint> Out : register(u0);

#include "mix/engine_common.hlsli"
#include "mix/engine_common.hlsli"

#if defined(USE_FAST) && QUALITY > 2
#define TAPS 5
#elif defined(USE_FAST)
#define TAPS 3
#else
#define TAPS 1
#endif

#if !defined(MISSING) && (QUALITY * 2 == 6) && TAPS == 5
#define PATH_ID 7
#else
#define PATH_ID 1
#endif

#define CAT(a, b) a##b
#define CALL_BLEND(op, x, y) CAT(blend_, op)(x, y)
#define COUNT_IMPL(a, b, c, d, n, ...) n
#define COUNT_ARGS(...) COUNT_IMPL(__VA_ARGS__, 4, 3, 2, 1)

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    if (t == 0) {
        Out[0] = TAPS;
        Out[1] = PATH_ID;
        Out[2] = kHeaderLine;
        Out[3] = __LINE__;
        Out[4] = COUNT_ARGS(a, b, c);
        Out[5] = COUNT_ARGS(z);
    }
    float x = t + 1, y = 2;
    uint o = 6 + t * 6;
    Out[o + 0] = asuint(CALL_BLEND(add, x, y));
    Out[o + 1] = asuint(CALL_BLEND(mul, x, y));
    Out[o + 2] = asuint(CALL_BLEND(max, x, y));
    Out[o + 3] = asuint(CALL_BLEND(lerp_half, x, y));
    LOG_VALUES(o + 4, t, t + 1);
    LOG_VALUES(o + 5, t, t + 1, TAPS);
}
