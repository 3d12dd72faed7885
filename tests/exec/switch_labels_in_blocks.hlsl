// `case` and `default` labels in blocks directly in a switch body (and in their blocks)
// belong to the switch, as in C and DXC: `case 6: { r += 10; case 7: r += 100; break; }`.
// Fall-through goes from a label outside the block into it. Derivation for classify(v):
//   v = 1: +1, falls into case 6: +10, case 7: +100, break → 111
//   v = 6: 110; v = 7: 100
//   v = 8 and v = 9 (case 9 in a block in case 8's block): +1000, break → 1000
//   v = 2: default → -1
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[6] = 0
// expect u0 = [111, 110, 100, 1000, 1000, -1]
RWStructuredBuffer<int> o : register(u0);

int classify(int v) {
    int r = 0;
    switch (v) {
    case 1:
        r += 1;
    case 6: {
        r += 10;
    case 7:
        r += 100;
        break;
    }
    case 8: {
        {
        case 9:
            r += 1000;
        }
        break;
    }
    default:
        r = -1;
    }
    return r;
}

[numthreads(1, 1, 1)]
void main() {
    int inputs[6] = { 1, 6, 7, 8, 9, 2 };
    for (uint i = 0; i < 6; i++) {
        o[i] = classify(inputs[i]);
    }
}
