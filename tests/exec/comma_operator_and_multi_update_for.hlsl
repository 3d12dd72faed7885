// The comma operator: two declarators and two updates in a `for` (i up, j down), a
// parenthesised comma expression as a value (its right operand, after the left's side
// effects), and a comma in a `while` condition (the left runs on every test). By hand, n = 9:
//   for (i = 0, j = 9; i < j; ++i, --j) sum += j - i → 9 + 7 + 5 + 3 + 1 = 25 in 5 steps
//   x = (y += 2, y * 3) with y = 1 → y = 3, x = 9
//   while (calls++, k < 4) k += 2 → tests at k = 0, 2, 4: calls = 3, k = 4
//   b = (a++, a++, a) → a = 2, b = 2
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [9]
// buffer u1 rw int[8] = 0
// expect u1 = [5, 25, 3, 9, 4, 3, 2, 2]
StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int n = src[0];
    int steps = 0, sum = 0;
    for (int i = 0, j = n; i < j; ++i, --j) {
        sum += j - i;
        steps++;
    }
    int y = 1;
    int x = (y += 2, y * 3);
    int k = 0, calls = 0;
    while (calls++, k < 4)
        k += 2;
    int a = 0;
    int b = (a++, a++, a);
    o[0] = steps; o[1] = sum; o[2] = y; o[3] = x;
    o[4] = k; o[5] = calls; o[6] = a; o[7] = b;
}
