// Overloads that differ only in min-precision types are distinct functions, as in DXC, even
// where the types compute at the same precision (`half`, `min16float` and `min10float` are
// 32-bit floats without -enable-16bit-types, `min16int`/`min12int` 32-bit ints). Each overload
// returns its own tag (and does its own arithmetic, so both bodies are lowered); the expected
// tags follow DXC's rules by hand: the overload written for the argument's precision wins;
// an argument's precision is its variable's, parameter's, cast's or constructor's; a
// literal takes the other operand's and a swizzle or element its vector's; mixing two
// precisions gives the wider; an `out` argument picks by its variable too.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[2] = [1.5, 2.0]
// buffer u1 rw uint[20] = 0
// buffer u2 rw float[4] = 0
// expect u1 = [1, 2, 3, 4, 3, 1, 3, 3, 3, 3, 10, 11, 12, 20, 21, 3, 6, 7, 2, 3]
// expect u2 = [3.0, 3.5, 0.5, 2.0]
// peer-bug glslang: rejects overloads that differ only in min-precision types ("function already has a body")
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<uint> tags : register(u1);
RWStructuredBuffer<float> values : register(u2);

uint pick(float x) { return 1; }
uint pick(half x) { return 2; }
uint pick(min16float x) { return 3; }
uint pick(min10float x) { return 4; }

uint ipick(int x) { return 10; }
uint ipick(min16int x) { return 11; }
uint ipick(min12int x) { return 12; }

uint upick(uint x) { return 20; }
uint upick(min16uint x) { return 21; }

uint vpick(float2 v) { return 6; }
uint vpick(min16float2 v) { return 7; }

float combine(float a, float b) { return a * b; }
min16float combine(min16float a, min16float b) { return a + b; }
half combine(half a, half b) { return a - b; }

void produce(out float x) { x = 2.0; }
void produce(out min16float x) { x = 3.0; }

uint through_parameter(min16float p) { return pick(p); }

static min16float scale = 1.0;

[numthreads(1, 1, 1)]
void main() {
    float f = src[0];
    half h = src[0];
    min16float m16 = src[1];
    min10float m10 = src[1];
    min16float2 m16v = min16float2(f, f);
    min16float arr[2] = { m16, m16 };
    tags[0] = pick(f);
    tags[1] = pick(h);
    tags[2] = pick(m16);
    tags[3] = pick(m10);
    tags[4] = pick(m16 * 2.0);
    tags[5] = pick(m16 + f);
    tags[6] = pick((min16float)f);
    tags[7] = pick(m16v.y);
    tags[8] = pick(arr[1]);
    tags[9] = pick(scale);
    int i = int(f);
    min16int m16i = i;
    min12int m12i = i;
    uint u = uint(f);
    min16uint m16u = u;
    tags[10] = ipick(i);
    tags[11] = ipick(m16i);
    tags[12] = ipick(m12i);
    tags[13] = upick(u);
    tags[14] = upick(m16u);
    tags[15] = through_parameter(m16);
    tags[16] = vpick(float2(f, f));
    tags[17] = vpick(m16v);
    tags[18] = pick(min16float(m16) + h);
    tags[19] = pick(min16float(f));
    // 1.5 * 2.0, 2.0 + 1.5, 2.0 - 1.5: each call runs its own overload's body.
    values[0] = combine(f, 2.0f);
    values[1] = combine(m16, (min16float)f);
    values[2] = combine((half)m16, h);
    min16float produced;
    produce(produced);
    float full;
    produce(full);
    values[3] = produced - full + 1.0;
}
