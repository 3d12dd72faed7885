// A cast may name its struct with an elaborated type specifier, `(struct S)x`, as a C-style
// cast does in DXC's clang front end, and so may a template argument
// (`RWStructuredBuffer<struct S>`); hlslc's parser took neither until vkd3d's shader tests
// (cast-broadcast, cast-componentwise-compatible, uav-rwstructuredbuffer) showed them.
// Hand-derived:
//   (struct Pair)3.75        splats the scalar: a = 3.75, b = (int)3.75 = 3
//   (struct Pair)t           takes t's first two components in order: a = (float)-4 = -4.0,
//                            b = (int)2.5 = 2 (truncation toward zero)
//   (struct Pair)float2(..)  (-1.5, 9.25): a = -1.5, b = (int)9.25 = 9
// Each result is written as (float a, float b); q is also stored whole into a
// RWStructuredBuffer<struct Pair> (u1): (-4.0, 2).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[6] = 0
// buffer u1 rw = f32 [0] i32 [0]
// expect u0 = [3.75, 3, -4, 2, -1.5, 9]
// expect u1 = f32 [-4] i32 [2]
// peer-bug glslang: no scalar-to-struct casts (`(struct Pair)3.75` is a constructor with one argument)
struct Pair {
    float a;
    int b;
};

struct Triple {
    int x;
    float y;
    uint z;
};

RWStructuredBuffer<float> results : register(u0);
RWStructuredBuffer<struct Pair> pairs : register(u1);

[numthreads(1, 1, 1)]
void main() {
    struct Pair p = (struct Pair)3.75;
    Triple t = {-4, 2.5, 7};
    struct Pair q = (struct Pair)t;
    struct Pair r = (struct Pair)float2(-1.5, 9.25);
    results[0] = p.a;
    results[1] = p.b;
    results[2] = q.a;
    results[3] = q.b;
    results[4] = r.a;
    results[5] = r.b;
    pairs[0] = q;
}
