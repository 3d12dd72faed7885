// Signed division truncates toward zero; `%` keeps the sign of the dividend
// (a == (a / b) * b + a % b). Operands come from a buffer so nothing is constant-folded.
// peer-bug glslang: `%` on int becomes OpSMod (sign of the divisor) instead of OpSRem; -7 % 4 gives 1. lavapipe's OpSMod with two non-constant operands happens to behave like OpSRem, hiding it in the loop lanes
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[8] = [7, 2, -7, 2, 7, -2, -7, -2]
// buffer u1 rw int[8] = 0
// buffer u2 rw int[6] = 0
// expect u1 = [3, 1, -3, -1, -3, 1, 3, -1]
// expect u2 = [-2, 2, 0, 0, -3, 0]
StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> quot_rem : register(u1);
RWStructuredBuffer<int> more : register(u2);

[numthreads(1, 1, 1)]
void main() {
    for (int i = 0; i < 4; ++i) {
        int a = src[2 * i];
        int b = src[2 * i + 1];
        quot_rem[2 * i] = a / b;
        quot_rem[2 * i + 1] = a % b;
    }
    int m = src[2];            // -7
    more[0] = m / 3;           // -2.33 → -2 (not -3)
    more[1] = (-m) / 3;        // 7 / 3 = 2
    more[2] = m / 8;           // -0.875 → 0 (not -1)
    more[3] = m % 7;           // 0
    more[4] = m % 4;           // -7 = -1 * 4 - 3 → -3
    more[5] = (m + 7) / m;     // 0 / -7 = 0
}
