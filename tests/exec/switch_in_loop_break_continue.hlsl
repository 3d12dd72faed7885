// `break` and `continue` where a switch and a loop nest: inside a switch in a loop, `break`
// leaves the switch and `continue` the loop iteration; a nested switch's `break` leaves only
// the inner switch (then the outer case falls through); a loop inside a case is left by its
// own `break` and the case falls through to the next. By hand, n = 6:
//   i = 0: case 0, inner case 0: +1, +10, falls into case 1: +100; after the switch +1000
//   i = 1: +100 +1000; i = 2: default, skipped = 1, +1000; i = 3: case 0, `continue` (no +1000)
//   i = 4: +100 +1000; i = 5: default, skipped = 2, +1000            → acc = 5311, skipped = 2
//   switch (n) case 6: for k: break at k = 4 after t = 0+1+2+3 = 6; t += 100; falls into
//   case 7: t += 1000                                                 → t = 1106
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [6]
// buffer u1 rw uint[3] = 0
// expect u1 = [5311, 2, 1106]
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint n = src[0];
    uint acc = 0, skipped = 0;
    for (uint i = 0; i < n; ++i) {
        switch (i % 3) {
        case 0:
            if (i == 3)
                continue;
            switch (i) {
            case 0:
                acc += 1;
                break;
            default:
                acc += 2;
            }
            acc += 10;
        case 1:
            acc += 100;
            break;
        default:
            skipped++;
            break;
        }
        acc += 1000;
    }
    uint t = 0;
    switch (n) {
    case 6:
        for (uint k = 0;; ++k) {
            if (k == 4)
                break;
            t += k;
        }
        t += 100;
    case 7:
        t += 1000;
        break;
    default:
        t = 0;
    }
    o[0] = acc; o[1] = skipped; o[2] = t;
}
