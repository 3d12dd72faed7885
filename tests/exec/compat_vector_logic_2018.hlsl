// Before HLSL 2021, &&, || and ?: on vectors work component by component (HLSL 2021 rejects
// them and offers and(), or(), select()). a = [0, 1, 2, 0], b = [3, 0, 4, 0]:
// a && b = [0, 0, 1, 0], a || b = [1, 1, 1, 0]; (a && b) ? a : b picks a where both are
// non-zero; !a = [1, 0, 0, 1]. Values by hand.
// exec: -T cs_6_0 -E main -HV 2018 dispatch 1 1 1
// buffer t0 ro int4[2] = [0, 1, 2, 0,   3, 0, 4, 0]
// buffer u1 rw int[16] = 0
// expect u1 = [0, 0, 1, 0,   1, 1, 1, 0,   3, 0, 2, 0,   1, 0, 0, 1]
StructuredBuffer<int4> src : register(t0);
RWStructuredBuffer<int> dst : register(u1);

void store(uint at, int4 v) {
    dst[at] = v.x;
    dst[at + 1] = v.y;
    dst[at + 2] = v.z;
    dst[at + 3] = v.w;
}

[numthreads(1, 1, 1)]
void main() {
    int4 a = src[0], b = src[1];
    store(0, (a && b) ? 1 : 0);
    store(4, (a || b) ? 1 : 0);
    store(8, (a && b) ? a : b);
    store(12, !a ? 1 : 0);
}
