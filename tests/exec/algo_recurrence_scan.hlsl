// Solving the linear recurrence x[n+1] = a[n] x[n] + b[n] (mod 2^32, x[0] = 5) for 32
// steps in parallel: each step is the affine map [[a, b], [0, 1]] as a uint2x2, and an
// inclusive Hillis-Steele scan over a groupshared array of uint2x2 composes them with
// mul() on integer matrices (order matters: later maps on the left), double-buffered
// through a [2][32] array indexed by the step's parity; thread n then applies its prefix
// to (5, 1). Exercises integer matrices in groupshared with dynamic indices at three
// levels (buffer, element, row).
// Expected values: tests/exec/algo/models.py (recurrence_scan).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[32] = 0
// peer-bug glslang: no mul() overload for integer matrices (see algo_int_matrix_power)
// buffer t0 ro uint2[32] = [2, 53, 3, 82, 3, 32, 6, 47, 7, 63, 6, 41, 1, 49, 2, 86,
//     1, 9, 3, 81, 1, 8, 2, 37, 4, 62, 3, 48, 1, 28, 1, 88,
//     3, 6, 2, 13, 5, 53, 7, 40, 5, 97, 5, 80, 5, 3, 2, 40,
//     6, 36, 4, 34, 1, 87, 5, 48, 5, 6, 1, 2, 5, 84, 7, 53]
// expect u1 = [63, 271, 845, 5117, 35882, 215333, 215382, 430850, 430859, 1292658, 1292666, 2585369, 10341538, 31024662, 31024690, 31024778,
//     93074340, 186148693, 930743518, 2220237370, 2511252355, 3966327263, 2651767134, 1008567012, 1756434812, 2730771986, 2730772073, 768958525, 3844792631, 3844792633, 2044094065, 1423756620]
StructuredBuffer<uint2> Coefficients : register(t0);
RWStructuredBuffer<uint> X : register(u1);

groupshared uint2x2 maps[2][32];

[numthreads(32, 1, 1)]
void main(uint n : SV_GroupIndex) {
    uint2 ab = Coefficients[n];
    maps[0][n] = uint2x2(ab.x, ab.y, 0, 1);
    GroupMemoryBarrierWithGroupSync();
    uint src = 0;
    for (uint offset = 1; offset < 32; offset <<= 1) {
        uint2x2 m = maps[src][n];
        if (n >= offset)
            m = mul(m, maps[src][n - offset]);
        maps[1 - src][n] = m;
        src = 1 - src;
        GroupMemoryBarrierWithGroupSync();
    }
    uint2 x = mul(maps[src][n], uint2(5, 1));
    // the element-wise form of the same product must agree
    uint check = maps[src][n][0][0] * 5 + maps[src][n][0][1];
    X[n] = check == x[0] ? x[0] : 0xBAD;
}
