// The conditional operator on scalars, and component-wise on vectors (HLSL 2018; HLSL
// 2021 requires select() for vector conditions, hence -HV 2018).
// exec: -T cs_6_0 -E main -HV 2018 dispatch 4 1 1
// buffer t0 ro int[4] = [-2, 0, 5, 9]
// buffer u1 rw int[4] = 0
// buffer u2 rw int4[1] = 0
// expect u1 = [2, 0, -5, 100]
// expect u2 = [10, 20, 3, 40]
StructuredBuffer<int> s : register(t0);
RWStructuredBuffer<int> dst : register(u1);
RWStructuredBuffer<int4> vec : register(u2);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int x = s[id.x];
    dst[id.x] = x < 0 ? -x : (x == 0 ? 0 : (x > 8 ? 100 : -x));
    if (id.x == 0) {
        int4 a = int4(s[0], s[1], s[2], s[3]);
        bool4 c = bool4(true, false, false, true);
        int4 r = c ? int4(10, 0, 30, 40) : int4(0, 20, 3, 0);
        vec[0] = r;
    }
}
