// Integer matrices, which WGSL lacks: Fibonacci numbers mod 2^32 by binary exponentiation
// of the uint2x2 [[1, 1], [1, 0]] with mul() on integer matrices (wrapping products and
// sums), a matrix initialised from a scalar-list constructor and an identity built with
// (uint2x2)0 plus element writes; and an int3x3 affine map (rotation by 90 degrees plus a
// translation, negative entries) applied to lattice points as mul(M, p) and mul(p, M).
// Exponents include 0, 2^32 - 1 and values past the 32-bit range of F(n).
// Expected values: tests/exec/algo/models.py (int_matrix_power).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[16] = 0
// buffer u2 rw int[96] = 0
// peer-bug glslang: no mul() overload for integer matrices ("no matching overloaded function found"); DXC expands it, as SPIR-V has no integer matrices
// buffer t0 ro uint[16] = [0, 1, 2, 3, 10, 20, 31, 32, 47, 48, 93, 100, 1000, 65535, 123456, 4294967295]
// expect u1 = [0, 1, 1, 2, 55, 6765, 1346269, 2178309,
//     2971215073, 512559680, 572466946, 3314859971, 1556111435, 3091400418, 3563649792, 1070270178]
// expect u2 = [7, -11, 1, -5, 8, 0, 5, -10, 1, -3, 7, -4,
//     3, -9, 1, -1, 6, -8, 1, -8, 1, 1, 5, -12,
//     -1, -7, 1, 3, 4, -16, -3, -6, 1, 5, 3, -20,
//     -5, -5, 1, 7, 2, -24, -7, -4, 1, 9, 1, -28,
//     -9, -3, 1, 11, 0, -32, -11, -2, 1, 13, -1, -36,
//     -13, -1, 1, 15, -2, -40, -15, 0, 1, 17, -3, -44,
//     -17, 1, 1, 19, -4, -48, -19, 2, 1, 21, -5, -52,
//     -21, 3, 1, 23, -6, -56, -23, 4, 1, 25, -7, -60]
StructuredBuffer<uint> Exponents : register(t0);
RWStructuredBuffer<uint> Fib : register(u1);
RWStructuredBuffer<int> Moved : register(u2);

uint fibonacci(uint n) {
    uint2x2 result = (uint2x2)0;
    result[0][0] = 1;
    result[1][1] = 1;
    uint2x2 base = uint2x2(1, 1, 1, 0);
    for (uint e = n; e != 0; e >>= 1) {
        if ((e & 1) != 0)
            result = mul(result, base);
        base = mul(base, base);
    }
    return result[0][1];
}

static const int3x3 AFFINE = int3x3(0, -1, 2,
                                    1, 0, -3,
                                    0, 0, 1);

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Fib[i] = fibonacci(Exponents[i]);
    int3 p = int3((int)i - 8, 2 * (int)i - 5, 1);
    int3 moved = mul(AFFINE, p);
    int3 back = mul(p, AFFINE);
    for (uint k = 0; k < 3; ++k) {
        Moved[i * 6 + k] = moved[k];
        Moved[i * 6 + 3 + k] = back[k];
    }
}
