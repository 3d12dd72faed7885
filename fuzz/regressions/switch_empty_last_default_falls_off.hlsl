// exec: -T cs_6_0 -E main dispatch 1 1 1
// A `switch` whose cases return and whose empty last `default` falls off the end of a
// non-void function (the value is undefined; the WGSL must still return one there).
RWStructuredBuffer<uint> output : register(u0);
uint pick(float f) {
    switch (f) {
    case 0: return 0;
    case 1: return 10;
    default: ;
    }
}
[numthreads(1, 1, 1)]
void main() {
    output[0] = pick(output[1]);
}
