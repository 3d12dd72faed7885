// RWStructuredBuffer of a struct: element i is read, modified per member and written
// back; members of several types (uint, float, int2, float) laid out tightly (stride 20).
// Element 0: {1, 1.5, (-2, 3), 0.25}; element 1: {10, -4.0, (7, -8), 2.0}.
// Each thread i: a += 100, b *= 2, c = c.yx, d = d + a (after the add, as float).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw = u32 [1] f32 [1.5] i32 [-2, 3] f32 [0.25] u32 [10] f32 [-4.0] i32 [7, -8] f32 [2.0]
// expect u0 = u32 [101] f32 [3.0] i32 [3, -2] f32 [101.25] u32 [110] f32 [-8.0] i32 [-8, 7] f32 [112.0]
// peer-bug glslang: std430 stride for Rec (int2 member, so 8-aligned): 24, not 20, so element 1 is read from the wrong offset (see structured_vec3_stride)
struct Rec {
    uint a;
    float b;
    int2 c;
    float d;
};
RWStructuredBuffer<Rec> recs : register(u0);

[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Rec r = recs[i];
    r.a += 100;
    r.b *= 2;
    r.c = r.c.yx;
    r.d = r.d + (float)r.a;
    recs[i] = r;
}
