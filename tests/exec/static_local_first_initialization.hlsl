// A static local whose initializer is not a constant is initialised by the first execution
// of its declaration, as DXC does (a private "done" flag): later calls keep the value and
// what the function did to it. Expected by hand: first(7) → 7, first(9) → still 7; count(3)
// starts at 3 and returns 4, count(10) returns 5.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [7, 7, 4, 5]
// peer-bug glslang: emits the initializer of a static local in the global scope, reading the parameter before it exists (spirv-val: "ID has not been defined")
RWStructuredBuffer<uint> output : register(u0);

uint first(uint v) {
    static uint kept = v;
    return kept;
}

uint count(uint start) {
    static uint n = start;
    n += 1;
    return n;
}

[numthreads(1, 1, 1)]
void main() {
    output[0] = first(7);
    output[1] = first(9);
    output[2] = count(3);
    output[3] = count(10);
}
