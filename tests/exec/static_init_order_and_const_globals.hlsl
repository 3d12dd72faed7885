// Statics and globals as DXC treats them, by hand:
// - a `const` global without `static` is a $Globals member (a uniform: its initializer is
//   ignored, with a warning): K reads the cbuffer's 42, not 5; KF 2.5 → the cbuffer's -1.5;
//   `static const` SK is 5. $Globals has no register: it takes the first free binding of group
//   0 (u1 and u2 are taken: binding 0), members K at 0, KF at 4, L at 8.
// - static globals are initialised in declaration order before main, function calls included:
//   counter = 10; A = next() = 10 (counter 11); B = next() * 100 = 1100 (counter 12);
//   C = A + B + K = 1152; D = counter = 12.
// - a static local is initialised once, at its first execution: tick() returns 1, 2, 3, 4 in a
//   loop; `static uint first = i * 10 + 7` in a loop body takes i = 0's 7 and keeps its
//   increments: 8 + 9 + 10 + 11 = 38, first ends at 11; a static local array starts zeroed
//   (hist(0), hist(2), hist(0) → 2*100 + 0*10 + 1 = 201); once() { static uint v = next(); }
//   calls next() only the first time: 12 twice, counter 13 after.
// layout $Globals: K=0 KF=4 L=8
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = u32 [42] f32 [-1.5] u32 [7]
// buffer u1 rw uint[8] = 0
// buffer u2 rw uint[12] = 0
// expect u1 = [42, 0xBFC00000, 5, 7, 10, 1100, 1152, 12]
// expect u2 = [1, 2, 3, 4, 38, 11, 201, 12, 12, 13, 0, 0]
// peer-bug glslang: rejects a static initialised by a function call ("Recursion detected: next(
//   calling next(")
// peer-bug slang: refuses `const` globals without `static` ("global const requires static"); with
//   them spelled `uniform` it agrees except for the static local array (hist gives 0)
RWStructuredBuffer<uint> G : register(u1);
RWStructuredBuffer<uint> O : register(u2);

const uint K = 5;
const float KF = 2.5;
uint L;
static const uint SK = 5;

static uint counter = 10;
uint next() { return counter++; }
static uint A = next();
static uint B = next() * 100;
static uint C = A + B + K;
static uint D = counter;

uint tick() { static uint n = 0; n += 1; return n; }
uint hist(uint b) { static uint h[3]; h[b] += 1; return h[0] * 100 + h[1] * 10 + h[2]; }
uint once() { static uint v = next(); return v; }

[numthreads(1, 1, 1)]
void main() {
    G[0] = K; G[1] = asuint(KF); G[2] = SK; G[3] = L;
    G[4] = A; G[5] = B; G[6] = C; G[7] = D;
    for (uint i = 0; i < 4; ++i) O[i] = tick();
    uint acc = 0;
    uint last = 0;
    for (uint j = 0; j < 4; ++j) {
        static uint first = j * 10 + 7;
        first += 1;
        acc += first;
        last = first;
    }
    O[4] = acc;
    O[5] = last;
    hist(0); hist(2);
    O[6] = hist(0);
    O[7] = once();
    O[8] = once();
    O[9] = counter;
}
