// Intrinsics that return through `out` parameters, written into the lvalues real code uses:
// `frexp(v, e)` (HLSL's exponent is a float: v = m 2^e with 0.5 <= |m| < 1) on a scalar and on a
// float3 (both outputs vectors), `modf(v, split.whole)` into a struct member (the whole part
// keeps v's sign: modf(-2.5) = -0.5 and -2), `sincos(x, s, c)`, a texture's GetDimensions into
// float and into uint variables, and `asuint(double, parts[0], parts[1])` into array elements;
// then `m * e` stored to an RWTexture2D<float> texel. Per value v (8 threads): m, e, whole,
// frac, m3.y, e3.y (for 2v), m3.z, e3.z (for 1.0), width, height as floats (compared as
// numbers, ±0 equal: the whole part of -0.0625 is -0); width, height and the double's two
// words as uints; sin(v / 4), cos(v / 4) within 2^-11 absolute (Vulkan's sin/cos bound).
// Expected values: tests/exec/mix/models.py (out_param_intrinsics; Python's math.frexp/modf).
// requires f64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[8] = [8.5, -2.5, 0.375, 1000, -0.0625, 3, 12.75, -7]
// texture u1 rw 2d r32float 4x2 = 0
// buffer u2 rw float[80] = 0
// buffer u3 rw uint[32] = 0
// buffer u4 rw float[16] = 0
// expect u1 ~ 0ulp = [2.125, -1.25, -0.75, 9.765625, 1.5, 1.5, 3.1875, -2.625]
// expect u2 ~ 0ulp = [0.53125, 4, 8, 0.5, 0.53125, 5, 0.5, 1, 4, 2, -0.625, 2, -2, -0.5, -0.625, 3,
//     0.5, 1, 4, 2, 0.75, -1, 0, 0.375, 0.75, 0, 0.5, 1, 4, 2, 0.9765625, 10, 1000, 0, 0.9765625,
//     11, 0.5, 1, 4, 2, -0.5, -3, -0.0, -0.0625, -0.5, -2, 0.5, 1, 4, 2, 0.75, 2, 3, 0, 0.75, 3,
//     0.5, 1, 4, 2, 0.796875, 4, 12, 0.75, 0.796875, 5, 0.5, 1, 4, 2, -0.875, 3, -7, -0.0, -0.875,
//     4, 0.5, 1, 4, 2]
// expect u3 = [4, 2, 0, 1075904512, 4, 2, 0, 3221487616, 4, 2, 0, 1071120384, 4, 2, 0, 1083129856,
//     4, 2, 0, 3215982592, 4, 2, 0, 1074266112, 4, 2, 0, 1076461568, 4, 2, 0, 3223060480]
// expect u4 ~ abs 0.00049 = [0.850319803, -0.526266336, -0.585097253, 0.810963094, 0.0936127305,
//     0.995608687, -0.970528007, 0.240988299, -0.0156243639, 0.99987793, 0.681638777, 0.731688857,
//     -0.0458912216, -0.998946428, -0.98398596, -0.178246051]
// peer-bug glslang: no `asuint(double, out uint, out uint)`
StructuredBuffer<float> Vals : register(t0);
RWTexture2D<float> Img : register(u1);
RWStructuredBuffer<float> OutF : register(u2);
RWStructuredBuffer<uint> OutU : register(u3);
RWStructuredBuffer<float> Trig : register(u4);

struct Split {
    float whole;
    float frac;
};

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float v = Vals[t];
    float e;
    float m = frexp(v, e);
    Split split;
    split.frac = modf(v, split.whole);
    float3 e3;
    float3 m3 = frexp(float3(v, v * 2, 1.0), e3);
    float s, c;
    sincos(v * 0.25f, s, c);
    float w, h;
    Img.GetDimensions(w, h);
    uint sw, sh;
    Img.GetDimensions(sw, sh);
    uint parts[2];
    asuint((double)v, parts[0], parts[1]);
    Img[uint2(t % 4, t / 4)] = m * e;

    uint o = t * 10;
    OutF[o + 0] = m;
    OutF[o + 1] = e;
    OutF[o + 2] = split.whole;
    OutF[o + 3] = split.frac;
    OutF[o + 4] = m3.y;
    OutF[o + 5] = e3.y;
    OutF[o + 6] = m3.z;
    OutF[o + 7] = e3.z;
    OutF[o + 8] = w;
    OutF[o + 9] = h;
    OutU[t * 4 + 0] = sw;
    OutU[t * 4 + 1] = sh;
    OutU[t * 4 + 2] = parts[0];
    OutU[t * 4 + 3] = parts[1];
    Trig[t * 2] = s;
    Trig[t * 2 + 1] = c;
}
