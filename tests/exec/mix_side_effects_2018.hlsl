// What changes for engine code compiled with -HV 2018 (DXC's behaviour before HLSL 2021):
// `&&`, `||` and `?:` evaluate every operand, and on vectors they work component-wise. A
// visibility helper that counts its tests through an `inout` parameter is called on the
// right of `&&` and `||` (it runs even when the left side decides); a scalar `?:` whose arms
// call a function counting calls in a `static` global (both arms run); a vector `?:` with an
// int3 comparison as condition (component-wise, its call runs); `&&` on bool3 operands
// (component-wise); and a `for` condition `i < 2 && counted(i) < 5` (the call also runs on
// the failing check, so three calls for two iterations). Per thread, d = D[t]:
// a, b, tests (2), s, v.xyz, the && mask bits, iterations (2), calls (2 + 1 + 3 = 6).
// The HLSL 2021 side of these operators is in mix_engine_control_flow and algo_ternary_lazy.
// Expected values: tests/exec/mix/models.py (side_effects_2018).
// exec: -T cs_6_0 -E main -HV 2018 dispatch 1 1 1
// buffer t0 ro float[4] = [3, -1, 12, 7]
// buffer u1 rw int[40] = 0
// expect u1 = [1, 1, 2, 2, -1, 20, 30, 0, 2, 6, 0, 1, 2, 2, -1, 20, 30, 1, 2, 6, 0, 0, 2, 1,
//     10, 20, 30, 4, 2, 6, 1, 0, 2, 1, 10, 20, 30, 5, 2, 6]
// peer-bug glslang: no component-wise vector `&&` and short-circuits scalar `&&`/`||`/`?:`
StructuredBuffer<float> D : register(t0);
RWStructuredBuffer<int> Out : register(u1);

static uint gCalls;

int counted(int v) {
    gCalls++;
    return v;
}

bool visible(inout uint tests, float d) {
    tests++;
    return d < 10;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float d = D[t];
    uint tests = 0;
    bool a = d > 0 && visible(tests, d);
    bool b = d < 0 || visible(tests, d * 2);
    int s = d > 5 ? counted(1) : counted(2);
    int3 v = int3(t, 2, 3) > 1 ? int3(counted(10), 20, 30) : int3(-1, -2, -3);
    bool3 lv = bool3(t & 1, t & 2, true) && bool3(true, false, d > 3);
    int iterations = 0;
    for (int i = 0; i < 2 && counted(i) < 5; ++i)
        iterations++;

    int results[10] = { a, b, tests, s, v, dot(lv, int3(1, 2, 4)), iterations, gCalls };
    for (uint k = 0; k < 10; ++k)
        Out[10 * t + k] = results[k];
}
