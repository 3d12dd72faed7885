// `continue` in a do-while jumps to the condition (which is evaluated, with its side
// effects), not to the top of the body; in a while loop it jumps to the condition too.
// By hand, n = 10:
//   do { iters++; if (i % 2 == 1) continue; s += i; } while (++i < n)
//     → the body runs for i = 0..9: iters = 10, s = 0+2+4+6+8 = 20, i = 10
//   do { if (j++ > 100) break; c2++; continue; } while (j < 3) → c2 = 3, j = 3
//   while (w < 5) { w++; if (w == 3) continue; ws += w; } → 1 + 2 + 4 + 5 = 12
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [10]
// buffer u1 rw int[6] = 0
// expect u1 = [10, 20, 10, 3, 3, 12]
StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int n = src[0];
    int i = 0, s = 0, iters = 0;
    do {
        iters++;
        if (i % 2 == 1)
            continue;
        s += i;
    } while (++i < n);
    int j = 0, c2 = 0;
    do {
        if (j++ > 100)
            break;
        c2++;
        continue;
    } while (j < 3);
    int w = 0, ws = 0;
    while (w < 5) {
        w++;
        if (w == 3)
            continue;
        ws += w;
    }
    o[0] = iters; o[1] = s; o[2] = i; o[3] = c2; o[4] = j; o[5] = ws;
}
