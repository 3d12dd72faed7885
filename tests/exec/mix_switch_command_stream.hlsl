// A per-thread command-stream interpreter, the shape of GPU particle and UI command
// processors: `while (true)` with three separate `break`s (end of stream, a halt flag, a step
// budget), a `switch` whose `default` sits between cases, a case that falls through into the
// next (`mul *= arg` then `acc *= mul`), a `break` inside an `if` inside a case (it leaves the
// switch, not the loop), and a relative jump `pc += arg` with a negative int added to a uint.
// Commands are (arg << 4) | op, the argument recovered with an arithmetic `(int)c >> 4`. After
// the loop, a nested `for` pair left through a `done` flag in the outer condition and a
// `break` in the inner one finds (acc & 15) in a 4x4 grid, and a `for` with two variables and
// comma increments (`a += 2, b -= 1`) accumulates a * b + (acc & 3). Seven ints per thread:
// acc, mul, visits, pc, halted, found, sum.
// Expected values: tests/exec/mix/models.py (switch_command_stream).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[64] = [80, 49, 2, 67, 4, 15, 144, 144, 4294967184, 19, 1600, 16, 16, 16, 16,
//     16, 32, 37, 800, 960, 4294967265, 6, 4294967251, 4, 9, 23, 48, 33, 33, 2, 19, 4294967280,
//     192, 35, 35, 35, 483, 19, 4, 48, 5, 21, 128, 4294967285, 16, 4294967281, 64, 15, 4294934528,
//     33, 4, 2, 1584, 88, 3, 112, 1, 0, 0, 0, 0, 0, 0, 0]
// buffer u1 rw uint[56] = 0
// expect u1 = [41, 3, 5, 6, 1, 21, 96, 4294967289, 1, 1, 2, 1, 21, 96, 4294967292, 4294967294, 104,
//     6, 0, 30, 92, 0, 1, 101, 1, 0, 0, 92, 98, 1, 8, 8, 0, 2, 100, 0, 1, 21, 3, 0, 0, 92,
//     4294959373, 2, 106, 6, 0, 31, 96, 0, 0, 8, 8, 0, 0, 92]
StructuredBuffer<uint> Cmds : register(t0);
RWStructuredBuffer<int> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int acc = 0, mul = 1, visits = 0;
    uint pc = 0;
    bool halted = false;
    while (true) {
        if (pc >= 8)
            break;
        uint c = Cmds[t * 8 + pc];
        uint op = c & 0xF;
        int arg = (int)c >> 4;
        ++pc;
        switch (op) {
        case 0:
            acc += arg;
            break;
        case 1:
            mul *= arg;
        case 2:
            acc *= mul;
            break;
        default:
            visits += 100;
            break;
        case 3:
            if (acc < 0) {
                halted = true;
                break;
            }
            acc -= arg;
        case 4:
            acc ^= 0x55;
            break;
        case 5:
            pc += arg;
            break;
        case 15:
            halted = true;
            break;
        }
        if (halted)
            break;
        if (++visits > 20)
            break;
    }

    int found = -1;
    bool done = false;
    for (int i = 0; i < 4 && !done; ++i) {
        for (int j = 0; j < 4; ++j) {
            if (i * 4 + j == (acc & 15)) {
                found = i * 10 + j;
                done = true;
                break;
            }
        }
    }

    int sum = 0;
    for (int a = 0, b = 10; a < b; a += 2, b -= 1)
        sum += a * b + (acc & 3);

    uint o = t * 7;
    Out[o + 0] = acc;
    Out[o + 1] = mul;
    Out[o + 2] = visits;
    Out[o + 3] = pc;
    Out[o + 4] = halted;
    Out[o + 5] = found;
    Out[o + 6] = sum;
}
