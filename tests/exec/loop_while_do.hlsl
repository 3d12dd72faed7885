// while and do-while: a do-while body runs once even when the condition starts false;
// Collatz steps for 27 = 111 (a data-dependent while loop); a while(true) with break.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[2] = [27, 0]
// buffer u1 rw uint[4] = 0
// expect u1 = [111, 1, 0, 64]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint x = src[0], steps = 0;
    while (x != 1) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        steps++;
    }
    dst[0] = steps;

    uint runs = 0, z = src[1];
    do { runs++; } while (z != 0);     // condition false at once: body ran once
    dst[1] = runs;

    uint w = src[1];
    while (w > 0) { w--; }             // never entered
    dst[2] = w;

    uint p = 1;
    while (true) {
        p *= 2;
        if (p >= 50) break;
    }
    dst[3] = p;                        // 64
}
