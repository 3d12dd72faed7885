// Shared header of mix_preprocessor_include_guard.hlsl: an include guard, a line number taken
// inside the header, a token-pasting macro that declares a family of blend functions, and
// variadic logging macros forwarding __VA_ARGS__ to an overload set.
#ifndef ENGINE_COMMON_HLSLI
#define ENGINE_COMMON_HLSLI

static const uint kHeaderLine = __LINE__;

#define DECLARE_BLEND(name, expr) float blend_##name(float a, float b) { return expr; }
DECLARE_BLEND(add, a + b)
DECLARE_BLEND(mul, a * b)
DECLARE_BLEND(max, max(a, b))
DECLARE_BLEND(lerp_half, lerp(a, b, 0.5f))

uint packValues(uint a, uint b) { return a | b << 8; }
uint packValues(uint a, uint b, uint c) { return a | b << 8 | c << 16; }

#define PACK(...) packValues(__VA_ARGS__)
#define LOG_VALUES(slot, ...) Out[slot] = PACK(__VA_ARGS__)

#endif
