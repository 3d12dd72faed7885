// A matrix typedef keeps its majorness, as DXC attaches it to the type: written on the
// typedef (`typedef row_major float2x2 RM;`), taken from the `#pragma pack_matrix` in effect
// where the typedef is declared (PM, although column_major is in effect where it is used),
// or inherited from the typedef it names (RM2). `d` is a plain column-major float2x2.
// Constant-buffer register r holds (10r, 10r + 1, 10r + 2, 10r + 3); each matrix takes two
// registers: a 0-1, b 2-3, c 4-5, d 6-7. A row-major matrix keeps row i in register i
// (m[i][j] = 10·(base + i) + j); a column-major one keeps column j in register j
// (m[i][j] = 10·(base + j) + i). Output [m[0][1], m[1][0]] for a, b, c, d:
// a: 1, 10; b: 21, 30; c: 41, 50; d: 70, 61.
// layout C: a=0 b=32 c=64 d=96
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33, 40, 41, 42, 43, 50, 51, 52, 53, 60, 61, 62, 63, 70, 71, 72, 73]
// buffer u1 rw float[8] = 0
// expect u1 = [1, 10, 21, 30, 41, 50, 70, 61]
// peer-bug glslang: drops the majorness of typedefs (reads a, b and c column-major: 10, 1, 30, 21, 50, 41)
typedef row_major float2x2 RM;
#pragma pack_matrix(row_major)
typedef float2x2 PM;
#pragma pack_matrix(column_major)
typedef RM RM2;

cbuffer C : register(b0) {
    RM a;
    PM b;
    RM2 c;
    float2x2 d;
};
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    o[0] = a[0][1];
    o[1] = a[1][0];
    o[2] = b[0][1];
    o[3] = b[1][0];
    o[4] = c[0][1];
    o[5] = c[1][0];
    o[6] = d[0][1];
    o[7] = d[1][0];
}
