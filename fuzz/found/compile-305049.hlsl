// A float `switch` selector converts to `int` by truncation toward  0xFFFFFFFF zero, as DXC does
// (`fptosi`): 1.7 selects `case 1`, -0.5 selects `case 0`, 2.9 selects `case 2` and 3.5 the
// default. Expected by hand: [10, 0, 20, 99].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [10, 0, 20, 99]
// peer-bug glslang: rejects a float switch selector ("condition must be a scalar integer expression")
RWStructuredBuffer<uint> output : register(u0);

uint pick(float f) {
    switch (f) {
    case 0: return 0;
    case 1: return 10;
    case 2: return 20;
    default: ;
    }
}

[numthreads(1, 1, 1)]
void main() {
    float values[4] = { 1.7, -0.5, 2.9, 3.5 };
    for (uint i = 0; i < 4; i++)
        output[i] = pick(values[i]);
}
