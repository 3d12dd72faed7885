// The comma operator evaluates its left operand for its effects even when the right one is
// a literal: `Out[0] = 3, 4;` stores 3 (assignment binds tighter than the comma, the 4 is
// discarded), `(InterlockedAdd(c, 5, old), 1)` still adds, `(bump(), 2.5)` still calls, as
// in macros of the `#define CHECKED(x) (validate(x), 1)` kind. hlslc returned the literal
// alone before, dropping the left operand (every value below was 0 except the literals).
// By hand (comments in main): [3, 1, 5, 2, 1, 2, 7, 7] (Out[6] is 1, then overwritten by 7).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[8] = 0
// expect u0 = [3, 1, 5, 2, 1, 2, 7, 7]
// peer-bug glslang: no variadic macros ("'#define' : bad argument")
RWStructuredBuffer<uint> Out : register(u0);

groupshared uint c;
static uint calls;

uint bump() {
    calls++;
    return calls;
}

#define CHECKED(x) (bump(), (x))
#define COMMA ,
#define FIRST(a, ...) a

[numthreads(1, 1, 1)]
void main() {
    c = 0;
    uint old;
    Out[0] = 3, 4;                                  // 3
    Out[1] = (InterlockedAdd(c, 5, old), 1);        // 1, and c = 5
    Out[2] = c;                                     // 5
    float f = (bump(), 2.5);                        // calls = 1
    uint g = CHECKED(1);                            // calls = 2
    Out[3] = calls;                                 // 2
    Out[4] = g;                                     // 1
    Out[5] = (uint)f;                               // 2
    Out[6] = FIRST(1 COMMA 6);                      // `Out[6] = 1 , 6;`: 1 (until [7])
    Out[7] = (Out[6] = 7, 0) + Out[6];              // Out[6] = 7, then 0 + 7
}
