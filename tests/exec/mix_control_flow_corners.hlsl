// Control-flow corners that structurizers get wrong, in the shape of real loops: a `do … while`
// whose `continue` (from inside a `switch` case) goes to the condition, with a case that falls
// through into the next and a `break` out of the loop after the switch; a nested `switch` whose
// inner `default` sits before `case 3` and falls into it, with the outer case's statements
// after the inner switch; a `for` whose condition calls a function that advances the counter
// through an `inout` (`for (uint k = 0; advance(k) < seed + 3; ) steps++`); a `while` with a
// comma expression as its condition (`while (m -= 3, m > 0)`); and an int function returning
// from inside two nested loops (or -1 after them). Per thread (seed s from the list), nine
// words: do-while iterations and accumulator and continues, the nested-switch result, the for
// loop's steps and final counter, the while loop's count and final m, the found pair index.
// Expected values: tests/exec/mix/models.py (control_flow_corners).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = [0, 1, 2, 3, 5, 8, 13, 21]
// buffer u1 rw uint[72] = 0
// expect u1 = [6, 142, 1, 1022, 1, 4, 0, 4294967293, 2, 6, 231, 1, 300, 1, 4, 0, 4294967294, 2, 5,
//     221, 1, 4000, 2, 6, 0, 4294967295, 2, 6, 132, 2, 22, 2, 6, 0, 0, 1, 6, 231, 1, 4000, 3, 8, 1,
//     4294967295, 2, 6, 142, 1, 4000, 5, 12, 2, 4294967295, 2, 6, 231, 1, 300, 7, 16, 4,
//     4294967294, 2, 6, 231, 1, 21, 11, 24, 6, 0, 2]
StructuredBuffer<uint> Seeds : register(t0);
RWStructuredBuffer<int> Out : register(u1);

uint advance(inout uint k) {
    k += 2;
    return k;
}

int findPair(int vals[4], int target) {
    for (int i = 0; i < 4; ++i) {
        for (int j = i + 1; j < 4; ++j) {
            if (vals[i] + vals[j] == target)
                return i * 4 + j;
        }
    }
    return -1;
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint seed = Seeds[t];

    uint i = 0, acc = 0, cont = 0;
    do {
        ++i;
        switch ((seed + i) % 4) {
        case 0:
            ++cont;
            continue;
        case 1:
            acc += 1;
        case 2:
            acc += 10;
            break;
        default:
            acc += 100;
            break;
        }
        if (acc > 150)
            break;
    } while (i < 6);

    int r = 0;
    switch (seed % 3) {
    case 0:
        switch (seed % 5) {
        case 1:
            r += 1;
            break;
        default:
            r += 1000;
        case 3:
            r += 2;
            break;
        }
        r += 20;
        break;
    case 1:
        r += 300;
        break;
    default:
        r += 4000;
        break;
    }

    uint steps = 0, k = 0;
    for (; advance(k) < seed + 3;)
        ++steps;

    int m = (int)seed, n = 0;
    while (m -= 3, m > 0)
        ++n;

    int vals[4] = { (int)seed, (int)seed + 1, 7 - (int)seed, 2 * (int)seed };
    int found = findPair(vals, 7);

    uint o = t * 9;
    Out[o + 0] = i;
    Out[o + 1] = acc;
    Out[o + 2] = cont;
    Out[o + 3] = r;
    Out[o + 4] = steps;
    Out[o + 5] = k;
    Out[o + 6] = n;
    Out[o + 7] = m;
    Out[o + 8] = found;
}
