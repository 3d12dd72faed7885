// exec: -T cs_6_0 -E main dispatch 1 1 1
// `for (;;) return v;` ends a non-void function: naga's WGSL front end ends the loop with a
// value-less `return`, so the emitted WGSL must already return a value after it.
RWStructuredBuffer<uint> dst : register(u1);
static uint calls = 0;
bool bump(bool value) {
    calls += 1;
    for (;;)
        return value;
}
[numthreads(1, 1, 1)]
void main() {
    dst[0] = bump(true) ? 1u : 0u;
}
