// `#pragma pack_matrix` written inside declarations takes effect where DXC runs it: when its
// parser reaches it, one token past the type it may change. So a pragma before a typedef's
// type (`typedef <row_major> float2x2 RM`) or right after a member's type
// (`float2x2 <row_major> b`) changes that declaration, and one after the declared name
// (`float2x2 c <column_major>;`) only what follows it.
// Constant-buffer register r holds (10r, 10r + 1, 10r + 2, 10r + 3); each matrix takes two
// registers: a 0-1, b 2-3, c 4-5, d 6-7. Row-major: m[i][j] = 10·(base + i) + j;
// column-major: m[i][j] = 10·(base + j) + i. a, b, c are row-major, d column-major; output
// [m[0][1], m[1][0]] for each: a: 1, 10; b: 21, 30; c: 41, 50; d: 70, 61.
// layout C: a=0 b=32 c=64 d=96
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33, 40, 41, 42, 43, 50, 51, 52, 53, 60, 61, 62, 63, 70, 71, 72, 73]
// buffer u1 rw float[8] = 0
// expect u1 = [1, 10, 21, 30, 41, 50, 70, 61]
// peer-bug glslang: ignores `#pragma pack_matrix` inside declarations and typedefs (reads a, b and c column-major)
#pragma pack_matrix(column_major)
typedef
#pragma pack_matrix(row_major)
float2x2
RM
#pragma pack_matrix(column_major)
;

cbuffer C : register(b0) {
    RM a;
    float2x2
#pragma pack_matrix(row_major)
    b;
    float2x2 c
#pragma pack_matrix(column_major)
    ;
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
