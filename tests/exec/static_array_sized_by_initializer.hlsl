// Global `static` arrays whose length comes from their brace list (the usual form of filter
// weights), also through a typedef of an unsized array and with a struct element type; a
// local array sized the same way. Expected by hand:
// weights = [0.25, 0.5, 0.25] (3 elements), offsets = [-1, 0, 1], pairs = {1, 2}, {3, 4}.
// out[0] = sum(weights) = 1; out[1] = weights[1] * 8 = 4; out[2] = offsets[0] + offsets[2] = 0
// (as float); out[3] = pairs[1].a + pairs[1].b = 7; out[4] = local[2] = 30;
// out[5] = element count of weights, offsets, pairs, local = 3 + 3 + 2 + 3 = 11.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[6] = 0
// expect u0 = [1, 4, 0, 7, 30, 11]
// peer-bug glslang: `sizeof` is a reserved word to its HLSL front end (no sizeof operator)
typedef const int IntList[];
struct Pair { float a; float b; };

static const float weights[] = { 0.25, 0.5, 0.25 };
static IntList offsets = { -1, 0, 1 };
static const Pair pairs[] = { { 1, 2 }, { 3, 4 } };

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
    float local[] = { 10, 20, 30 };
    float sum = 0;
    for (uint i = 0; i < 3; ++i) {
        sum += weights[i];
    }
    Out[0] = sum;
    Out[1] = weights[1] * 8;
    Out[2] = offsets[0] + offsets[2];
    Out[3] = pairs[1].a + pairs[1].b;
    Out[4] = local[2];
    uint n0, n1, n2;
    n0 = sizeof(weights) / sizeof(float);
    n1 = sizeof(offsets) / sizeof(int);
    n2 = sizeof(pairs) / sizeof(Pair);
    Out[5] = n0 + n1 + n2 + sizeof(local) / 4;
}
