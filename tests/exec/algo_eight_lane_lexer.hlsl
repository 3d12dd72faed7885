// A lexer state machine over 8 zero-terminated ASCII strings (32 codes each): a bounded
// for loop that consumes one token per iteration, a switch on the character class whose
// whitespace case uses `continue` (inside a switch, it continues the enclosing loop),
// do-while loops to consume digits, fraction digits and identifier characters, a nested
// `==` check, and `done` set from the switch to leave the loop at '#' or the end.
// Output per string: numbers, identifiers, operators, sum of the numbers' integer parts,
// total identifier length, iterations that reached the end of the loop body.
// The eight strings as eight lanes of one group: lavapipe (Mesa 22.3.6) returns a wrong
// number for string 2 from glslang's SPIR-V: a do-while whose lanes leave at different
// iterations loses the early-leaving lane's value (tests/exec/README.md, "Also measured").
// hlslc's SPIR-V failed it the same way until its do-while loops got a never-taken exit test
// at their head (lowering/src/passes/loop_exit_guard.rs); its WGSL path passes (wgpu bounds
// every loop). algo_tokenizer runs one string per group.
// Expected values: tests/exec/algo/models.py (tokenizer).
// peer-bug glslang: lavapipe loses an early-leaving lane's value in a do-while whose lanes leave at different iterations (see above); glslang's SPIR-V has no exit test at the loop's head
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[48] = 0
// buffer t0 ro uint[256] = [120, 49, 32, 61, 32, 52, 50, 32, 43, 32, 121, 42, 40, 55, 45, 51, 41, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     32, 32, 102, 111, 111, 61, 61, 98, 97, 114, 32, 35, 32, 99, 111, 109, 109, 101, 110, 116, 32, 57, 57, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     51, 46, 50, 53, 43, 32, 49, 48, 32, 47, 32, 95, 116, 109, 112, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     97, 61, 61, 98, 61, 61, 99, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     57, 57, 32, 98, 111, 116, 116, 108, 101, 115, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     40, 40, 40, 41, 41, 41, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     35, 97, 108, 108, 32, 99, 111, 109, 109, 101, 110, 116, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u1 = [3, 2, 6, 52, 3, 12, 0, 2, 1, 0, 6, 4,
//     2, 1, 2, 13, 4, 6, 0, 3, 2, 0, 3, 6,
//     0, 0, 0, 0, 0, 1, 1, 1, 0, 99, 7, 3,
//     0, 0, 6, 0, 0, 7, 0, 0, 0, 0, 0, 1]
StructuredBuffer<uint> Text : register(t0);
RWStructuredBuffer<uint> Counts : register(u1);

static const uint SPACE = 0, DIGIT = 1, LETTER = 2, OPERATOR = 3, COMMENT = 4, OTHER = 5;

uint classify(uint c) {
    if (c == 32) return SPACE;
    if (c >= 48 && c <= 57) return DIGIT;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95) return LETTER;
    switch (c) {
    case 40: case 41: case 42: case 43: case 45: case 47: case 61:
        return OPERATOR;
    case 35:
        return COMMENT;
    default:
        return OTHER;
    }
}

uint charAt(uint s, uint p) { return p < 32 ? Text[s * 32 + p] : 0; }

[numthreads(8, 1, 1)]
void main(uint s : SV_GroupIndex) {
    uint nums = 0, idents = 0, ops = 0, total = 0, identLen = 0, tokens = 0, pos = 0;
    bool done = false;
    for (uint guard = 0; guard < 64 && !done; ++guard) {
        uint c = charAt(s, pos);
        switch (classify(c)) {
        case SPACE:
            pos++;
            continue;
        case DIGIT: {
            uint v = 0;
            do {
                v = v * 10 + (c - 48);
                c = charAt(s, ++pos);
            } while (classify(c) == DIGIT);
            if (c == 46) {
                do {
                    c = charAt(s, ++pos);
                } while (classify(c) == DIGIT);
            }
            nums++;
            total += v;
            break;
        }
        case LETTER: {
            uint start = pos;
            uint k;
            do {
                c = charAt(s, ++pos);
                k = classify(c);
            } while (k == DIGIT || k == LETTER);
            idents++;
            identLen += pos - start;
            break;
        }
        case OPERATOR:
            ops++;
            pos++;
            if (c == 61 && charAt(s, pos) == 61)
                pos++;
            break;
        default:
            done = true;
            break;
        }
        tokens++;
    }
    Counts[s * 6 + 0] = nums;
    Counts[s * 6 + 1] = idents;
    Counts[s * 6 + 2] = ops;
    Counts[s * 6 + 3] = total;
    Counts[s * 6 + 4] = identLen;
    Counts[s * 6 + 5] = tokens;
}
