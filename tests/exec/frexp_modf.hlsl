// frexp and modf on scalars and vectors (C semantics, as DXC's SPIR-V back end and glslang
// emit them: frexp's mantissa keeps the sign and lies in [0.5, 1), its exponent is a float;
// modf's fraction and integer part both keep the sign of x). Values from Python's
// math.frexp / math.modf on the f32 inputs; all results are exact.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[6] = [12.0, -12.0, 0.0, 0.1, 1.0, -0.375]
// buffer t1 ro float[4] = [-3.25, 2.5, 0.0, -1.75]
// buffer u2 rw float[20] = 0
// expect u2 = [0.75, -0.75, 0.0, 0.800000011920929, 0.5, -0.75,
//              4, 4, 0, -3, 1, -1,
//              -0.25, 0.5, 0.0, -0.75,
//              -3, 2, 0, -1]
// peer-bug glslang: modf with an `int` out argument emits invalid SPIR-V (spirv-val: Modf operand I must be a pointer)
StructuredBuffer<float> x : register(t0);
StructuredBuffer<float> y : register(t1);
RWStructuredBuffer<float> o : register(u2);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 2; ++i) {
        float e;
        o[i] = frexp(x[i], e);
        o[6 + i] = e;
    }
    float4 v = float4(x[2], x[3], x[4], x[5]);
    float4 ev;
    float4 m = frexp(v, ev);
    o[2] = m.x; o[3] = m.y; o[4] = m.z; o[5] = m.w;
    o[8] = ev.x; o[9] = ev.y; o[10] = ev.z; o[11] = ev.w;
    float2 ip2;
    float2 f2 = modf(float2(y[0], y[1]), ip2);
    o[12] = f2.x; o[13] = f2.y;
    o[16] = ip2.x; o[17] = ip2.y;
    for (uint j = 2; j < 4; ++j) {
        int ip;                          // the integer part converted to the out type
        o[12 + j] = modf(y[j], ip);
        o[16 + j] = (float)ip;
    }
}
