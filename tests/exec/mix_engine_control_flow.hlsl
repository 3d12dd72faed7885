// Control flow as engine code writes it (HLSL 2021): a command interpreter that `switch`es on
// an enum cast from a buffer word inside a `[loop]`, with `continue` from a case (the loop's
// increment still runs), `return` from a case and from `default`, a `do { ... break; ... }
// while (false)` checking macro whose `break` leaves only the do-while, an `inout` status and
// an `out` step count; a search helper that `return`s from inside two nested loops and sets
// an `out int2`; `&&`/`||` whose right operands call a function counting its calls in a
// `static` global (short-circuit: it is called only when needed); a ternary with a scalar
// condition choosing between int3 vectors, and `select` with a bool3 condition.
// Four threads run programs at 0, 6, 12, 18 (ops: 1 add, 2 sub, 3 mul, 4 skip N, 6 end, 7 is
// invalid): 5*3 skip, -4 → 11; 40*30 ≥ 1000 → status 2; (-3)*(-2)+3 then op 7 → status 99;
// add 2/skip 0 until the 16-iteration guard → status 1. Per thread: acc, status, steps,
// index in Grid, where.xy, ok, calls, pick.xyz, sel.xyz.
// Expected values: tests/exec/mix/models.py (engine_control_flow).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro uint2[40] = [1, 5, 3, 3, 4, 1, 1, 100, 2, 4, 6, 0, 1, 40, 3, 30, 1, 1, 6, 0, 6,
//     0, 6, 0, 2, 3, 3, 0xFFFFFFFE, 1, 3, 7, 0, 6, 0, 6, 0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4, 0,
//     1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2, 4, 0, 1, 2,
//     4, 0]
// buffer t1 ro int[16] = [4, 11, 0, 7, 16, 2, 9, 3, 5, 11, 8, 1, 6, 13, 10, 12]
// buffer u2 rw int[56] = 0
// expect u2 = [11, 0, 3, 1, 1, 0, 1, 1, 1, 0, 1, 1, -2, 3, 1200, 2, 1, -1, -1, -1, 1, 1, -1,
//     -1, 1200, -1, -2, 3, 9, 99, 3, 6, 2, 1, 0, 2, 2, 1, 6, 1, 2, -3, 16, 1, 8, 4, 0, 1, 1, 1,
//     0, 1, 4, -1, 2, 3]
// peer-bug glslang: no `enum` declarations
enum Op { OP_ADD = 1, OP_SUB, OP_MUL, OP_SKIP, OP_END = 6 };

StructuredBuffer<uint2> Code : register(t0);
StructuredBuffer<int> Grid : register(t1);
RWStructuredBuffer<int> Out : register(u2);

static uint gCalls;

bool probe(int v) {
    gCalls++;
    return v > 10;
}

int findFirst(int target, out int2 where) {
    where = int2(-1, -1);
    for (int y = 0; y < 4; ++y) {
        for (int x = 0; x < 4; ++x) {
            if (Grid[y * 4 + x] == target) {
                where = int2(x, y);
                return y * 4 + x;
            }
        }
    }
    return -1;
}

#define CHECKED_STEP(cond, code) \
    do {                         \
        if (!(cond)) {           \
            status = (code);     \
            break;               \
        }                        \
        steps++;                 \
    } while (false)

int run(uint pc, inout int status, out uint steps) {
    int acc = 0;
    steps = 0;
    [loop]
    for (uint guard = 0; guard < 16; ++guard, ++pc) {
        uint2 ins = Code[pc];
        switch ((Op)ins.x) {
        case OP_ADD:
            acc += (int)ins.y;
            break;
        case OP_SUB:
            acc -= (int)ins.y;
            break;
        case OP_MUL:
            acc *= (int)ins.y;
            break;
        case OP_SKIP:
            pc += ins.y;
            continue;
        case OP_END:
            return acc;
        default:
            status = 99;
            return acc;
        }
        CHECKED_STEP(acc < 1000, 2);
        if (status != 0)
            return acc;
    }
    status = 1;
    return acc;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int status = 0;
    uint steps;
    int acc = run(t * 6, status, steps);
    int2 where;
    int idx = findFirst(acc, where);
    bool ok = (idx >= 0 && probe(Grid[idx])) || probe(acc);
    int3 pick = idx >= 0 ? int3(where, idx) : int3(-1, -1, acc);
    int3 sel = select(bool3(where.x > 0, where.y > 0, acc > 10), int3(1, 2, 3), int3(-1, -2, -3));

    int results[14] = { acc, status, (int)steps, idx, where, (int)ok, (int)gCalls, pick, sel };
    for (uint k = 0; k < 14; ++k)
        Out[14 * t + k] = results[k];
}
