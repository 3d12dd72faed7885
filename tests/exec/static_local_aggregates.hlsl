// Static locals of aggregate type, by hand: a `static uint3` whose constructor reads the
// parameter and calls a function is initialised once, at the first call (v = (3, 6, next() = 11),
// counter 11 → 12), and keeps its writes: f(3) = 4 * 1000 + 6 * 10 + 11 = 4071, f(7) = 5071; a
// static struct with an array member starts zeroed and keeps its members: g(1) = 1 * 100 + 2 = 102,
// g(2) = 3 * 100 + 6 = 306; next() ran twice in all (A and v.z): counter = 12.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[7] = 0
// expect u0 = [10, 0, 4071, 5071, 102, 306, 12]
// peer-bug glslang: rejects a static initialised by a function call ("Recursion detected")
// peer-bug slang: a static local struct without an initializer does not keep its members (g gives 0)
RWStructuredBuffer<uint> O : register(u0);
static uint counter = 10;
uint next() { return counter++; }
static uint A = next();
uint f(uint a) { static uint3 v = uint3(a, a * 2, next()); v.x += 1; return v.x * 1000 + v.y * 10 + v.z; }
struct S { uint p; uint q[2]; };
uint g(uint a) { static S s; s.p += a; s.q[1] += 2 * a; return s.p * 100 + s.q[1]; }
[numthreads(1, 1, 1)]
void main() {
    O[0] = A;
    O[1] = 0;
    O[2] = f(3);
    O[3] = f(7);
    O[4] = g(1);
    O[5] = g(2);
    O[6] = counter;
}
