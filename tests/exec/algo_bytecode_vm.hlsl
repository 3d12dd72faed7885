// A tiny register-machine interpreter: a program of uint4 instructions (op, a, b, c) in a
// StructuredBuffer, eight uint registers in a local array indexed dynamically, a switch
// with grouped case labels and a default, jumps that rewrite the program counter, and a
// step budget. The program counts Collatz steps of the input (r1) and sets r5 = r1 < 3.
// Output per thread: r1, r5, instructions executed, r7 (0xDEAD on an unknown opcode).
// Expected values: tests/exec/algo/models.py (bytecode_vm, the same machine in Python).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw uint[64] = 0
// buffer t0 ro uint4[15] = [1, 1, 0, 0, 1, 2, 0, 1, 1, 3, 0, 3, 3, 4, 0, 2,
//     7, 0, 4, 13, 5, 4, 0, 2, 8, 0, 4, 9, 6, 0, 0, 1,
//     9, 0, 0, 11, 4, 0, 0, 3, 2, 0, 0, 2, 2, 1, 1, 2,
//     9, 0, 0, 3, 10, 5, 1, 3, 0, 0, 0, 0]
// buffer t1 ro uint[16] = [1, 2, 3, 6, 7, 9, 12, 15, 16, 27, 31, 41, 54, 73, 97, 100]
// expect u2 = [0, 1, 7, 0, 1, 1, 15, 0, 7, 0, 63, 0, 8, 0, 71, 0,
//     16, 0, 135, 0, 19, 0, 159, 0, 9, 0, 79, 0, 17, 0, 143, 0,
//     4, 0, 39, 0, 111, 0, 895, 0, 106, 0, 855, 0, 109, 0, 879, 0,
//     112, 0, 903, 0, 115, 0, 927, 0, 118, 0, 951, 0, 25, 0, 207, 0]
StructuredBuffer<uint4> Program : register(t0);
StructuredBuffer<uint> Inputs : register(t1);
RWStructuredBuffer<uint> Out : register(u2);

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint r[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
    r[0] = Inputs[i];
    uint pc = 0, executed = 0;
    bool running = true;
    while (running && executed < 2000) {
        uint4 ins = Program[pc];
        pc++;
        executed++;
        switch (ins.x) {
        case 0:
            running = false;
            break;
        case 1:
            r[ins.y] = ins.w;
            break;
        case 2:
            r[ins.y] = r[ins.z] + r[ins.w];
            break;
        case 3:
            r[ins.y] = r[ins.z] - r[ins.w];
            break;
        case 4:
            r[ins.y] = r[ins.z] * r[ins.w];
            break;
        case 5:
            r[ins.y] = r[ins.z] & r[ins.w];
            break;
        case 6:
            r[ins.y] = r[ins.z] >> ins.w;
            break;
        case 7:
        case 8: {
            bool zero = r[ins.z] == 0;
            if (zero == (ins.x == 7))
                pc = ins.w;
            break;
        }
        case 9:
            pc = ins.w;
            break;
        case 10:
            r[ins.y] = r[ins.z] < r[ins.w] ? 1 : 0;
            break;
        default:
            r[7] = 0xDEAD;
            running = false;
            break;
        }
    }
    Out[i * 4 + 0] = r[1];
    Out[i * 4 + 1] = r[5];
    Out[i * 4 + 2] = executed;
    Out[i * 4 + 3] = r[7];
}
