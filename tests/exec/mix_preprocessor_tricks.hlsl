// Preprocessor behaviour engine headers lean on (clang's, which DXC uses): an object-like
// macro naming a function-like one is rescanned with the following parentheses
// (`F(3)` → `G(3)` → 6); empty macros around a value; `#line` renumbering `__LINE__`, also
// inside a macro (expanded where used); `##` pasting numbers (`4 ## 2` → 42) and, through a
// second level, macro names (`XCAT(VAL, UE)` → VALUE → 4); a multi-line macro with a
// comment and line continuations; a macro argument holding a comma from another macro
// (`FIRST(3 COMMA 4)` has one argument, so `Out[8] = 3 , 4;` stores 3) and a parenthesised
// comma (`FIRST((20, 30), 40)` → `(20, 30)` → 30); argument counting with `__VA_ARGS__`;
// `#if defined X && X == 4 && !defined(Y)` where Y appears only inside a block comment.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[13] = 0
// expect u0 = [6, 7, 101, 102, 42, 5, 12, 9, 3, 30, 1, 2, 0]
// peer-bug glslang: no variadic macros ("'#define' : bad argument")
RWStructuredBuffer<uint> Out : register(u0);
#define G(x) ((x) * 2)
#define F G
#define EMPTY
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define VALUE 4
#define COMMA ,
#define FIRST(a, ...) a
#define COUNT_ARGS(...) COUNT_IMPL(__VA_ARGS__, 3, 2, 1, 0)
#define COUNT_IMPL(a, b, c, n, ...) n
#define LINE_PLUS(n) (__LINE__ + (n))
/* a block comment
   spanning lines with a #define NOT_DEFINED inside */
#define MULTI(a, b) /* comment */ \
    ((a) + \
     (b))
static const uint SELF_VALUE = 1;

[numthreads(1, 1, 1)]
void main() {
    Out[0] = F(3);
    Out[1] = EMPTY 7 EMPTY;
#line 100
    Out[2] = __LINE__ + 1;
    Out[3] = LINE_PLUS(1);
    Out[4] = CAT(4, 2);
    Out[5] = XCAT(VAL, UE) + 1;
    Out[6] = MULTI(VALUE, 8);
    Out[7] = SELF_VALUE * 2 + 7;
    Out[8] = FIRST(3 COMMA 4);
    Out[9] = FIRST((20, 30), 40);
    Out[10] = COUNT_ARGS(a);
    Out[11] = COUNT_ARGS(a, b);
#if defined VALUE && VALUE == 4 && !defined(NOT_DEFINED)
    Out[12] = 0;
#else
    Out[12] = 99;
#error not reached
#endif
}
