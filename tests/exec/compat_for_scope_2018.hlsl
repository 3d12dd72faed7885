// Before HLSL 2021 a for loop's variable belongs to the enclosing scope (FXC's rule): it
// keeps its last value after the loop, and a second loop may redeclare it (a warning; the
// newer declaration wins). Values by hand: i = 3 after the first loop; s = 0+1+2 + 0+1 = 4;
// the second loop leaves i = 2.
// exec: -T cs_6_0 -E main -HV 2018 dispatch 1 1 1
// buffer u0 rw int[3] = 0
// expect u0 = [3, 4, 2]
// peer-bug glslang: scopes for-loop variables to the loop, so `i` is undeclared after it
RWStructuredBuffer<int> dst : register(u0);

[numthreads(1, 1, 1)]
void main() {
    int s = 0;
    for (int i = 0; i < 3; i++) { s += i; }
    dst[0] = i;
    for (int i = 0; i < 2; i++) { s += i; }
    dst[1] = s;
    dst[2] = i;
}
