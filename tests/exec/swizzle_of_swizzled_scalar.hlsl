// A swizzle of a scalar's splat picks the scalar again: `0.5f.xxxx.y` (DXC's lexer ends the
// number before its second `.`), `2.xx.yx.y`, `1.5.rrr.g`, and `f.xxxx.y`, `f.xx.x` of a
// variable (SPIRV-Cross writes these for splatted constants). With u0[3] = 7:
// u0[0] = 0.5, u0[1] = 2 + 1.5 = 3.5, u0[2] = 7 + 7 = 14.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[4] = [0, 0, 0, 7]
// expect u0 = [0.5, 3.5, 14, 7]
// peer-bug glslang: does not compile a swizzle of a swizzled literal (`0.5f.xxxx.y`: HLSL parsing failed)
RWStructuredBuffer<float> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    float f = o[3];
    o[0] = 0.5f.xxxx.y;
    o[1] = 2.xx.yx.y + 1.5.rrr.g;
    o[2] = f.xxxx.y + f.xx.x;
}
