// Functions with out and inout parameters (copy-in/copy-out), an out parameter written
// into a buffer element and a vector component, returning early from a loop inside a
// function, and overloads chosen by argument type (float vs int vs uint).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[3] = [17, 5, 9]
// buffer u1 rw int[9] = 0
// expect u1 = [3, 2, 18, 2, 3, 4, 100, 200, 300]
StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> dst : register(u1);

void divmod(int a, int b, out int q, out int r) {
    q = a / b;
    r = a % b;
}

void bump(inout int x) { x += 1; }

int find(int target) {
    for (int i = 0; i < 10; ++i) {
        if (i * i >= target) return i;   // early return from inside a loop
    }
    return -1;
}

int pick(float x) { return 100; }
int pick(int x) { return 200; }
int pick(uint x) { return 300; }

[numthreads(1, 1, 1)]
void main() {
    int q, r;
    divmod(src[0], src[1], q, r);      // 17 / 5 = 3, 17 % 5 = 2
    dst[0] = q;
    dst[1] = r;
    int v = src[0];
    bump(v);
    dst[2] = v;                        // 18
    int2 pair = int2(0, 0);
    divmod(src[2], 4, pair.x, dst[4]); // 9 / 4 = 2 into a component, 9 % 4 = 1 into dst[4]
    dst[3] = pair.x;
    dst[4] += 2;                       // 1 + 2 = 3
    dst[5] = find(src[2] + 7);         // first i with i*i >= 16 → 4
    dst[6] = pick(1.5f);
    dst[7] = pick(src[0]);
    dst[8] = pick((uint)src[0]);
}
