// Function-style scalar casts of constants fold to the converted value: int(-78) & 7 = 2
// (two's complement), int(5) + 1 = 6, uint(-1) = 0xFFFFFFFF, float(3) / 2 = 1.5, and
// int(2.75) truncates to 2. Found by the fuzzer: hlslc folded every `T(x)` of a constant to
// 0 (a one-element composite), and a divisor folded to 0 became a naga validation error.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[6] = 0
// buffer u1 rw uint[1] = 0
// buffer u2 rw float[1] = 0
// expect u0 = [3, -78, 6, 2, -29, 2]
// expect u1 = [0xFFFFFFFF]
// expect u2 = [1.5]
RWStructuredBuffer<int> o : register(u0);
RWStructuredBuffer<uint> ou : register(u1);
RWStructuredBuffer<float> of : register(u2);

[numthreads(1, 1, 1)]
void main() {
    o[0] = (int(-78) & 7) + 1;
    o[1] = int(-78);
    o[2] = int(5) + 1;
    o[3] = int(2.75f);
    int d = -89;
    o[4] = d / ((int(-78) & 7) + 1);
    o[5] = int(uint(7)) / 3;
    ou[0] = uint(-1);
    of[0] = float(3) / 2;
}
