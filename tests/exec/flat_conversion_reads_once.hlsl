// Conversions between aggregates with the same scalar leaves in order (DXC's flat
// conversion): an array initialised from a constant-buffer array of another shape reads the
// leaves in order, a struct cast from a vector splits it, and a value computed by a call is
// evaluated once however many parts are taken (`calls` counts the calls). Values by hand:
// v holds 1..12; make() returns (10, 20, 30, 40).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
// buffer u1 rw float[8] = 0
// expect u1 = [3, 12, 20, 30, 1, 40, 2, 9]
// peer-bug glslang: rejects initialising an array from an aggregate of another shape
//   (`float2 pairs[6] = v;`: "HLSL parsing failed")
cbuffer C : register(b0) {
    float4 v[3];
};

struct P {
    float2 a;
    float2 b;
};

static int calls = 0;

float4 make() {
    calls++;
    return float4(10, 20, 30, 40);
}

RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float2 pairs[6] = v;          // (1,2) (3,4) (5,6) (7,8) (9,10) (11,12)
    o[0] = pairs[1].x;            // 3
    o[1] = pairs[5].y;            // 12
    P p = (P)make();              // a = (10, 20), b = (30, 40)
    o[2] = p.a.y;                 // 20
    o[3] = p.b.x;                 // 30
    o[4] = calls;                 // 1
    float2 q[2] = (float2[2])make();
    o[5] = q[1].y;                // 40
    o[6] = calls;                 // 2
    float s[12] = v;
    o[7] = s[8];                  // 9
}
