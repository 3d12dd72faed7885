// `#pragma pack_matrix` written among a struct's members (RTXGI's `TLASInstance` brackets a
// `float3x4` with row_major / column_major) sets the majorness of the fields after it, and the
// last one stays in effect after the struct, as DXC runs the pragma where its parser meets it.
// Constant-buffer register r holds (10r, 10r + 1, 10r + 2, 10r + 3); each float2x2 takes two
// registers: s.a 0-1, s.b 2-3, s.c 4-5, then d 6-7 (the struct ends in register 5).
// Row-major: m[i][j] = 10·(base + i) + j; column-major: m[i][j] = 10·(base + j) + i.
// s.a column-major (the default): 10, 1; s.b row-major: 21, 30; s.c column-major: 50, 41;
// d row-major (the struct's last pragma): 61, 70. Output [m[0][1], m[1][0]] for each.
// layout C: s.a=0 s.b=32 s.c=64 d=96
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33, 40, 41, 42, 43, 50, 51, 52, 53, 60, 61, 62, 63, 70, 71, 72, 73]
// buffer u1 rw float[8] = 0
// expect u1 = [10, 1, 21, 30, 50, 41, 61, 70]
// peer-bug glslang: gives every member of the struct the majorness of its last `#pragma pack_matrix` (reads s.a and s.c row-major)
struct S {
    float2x2 a;
#pragma pack_matrix(row_major)
    float2x2 b;
#pragma pack_matrix(column_major)
    float2x2 c;
#pragma pack_matrix(row_major)
};

cbuffer C : register(b0) {
    S s;
    float2x2 d;
};
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    o[0] = s.a[0][1];
    o[1] = s.a[1][0];
    o[2] = s.b[0][1];
    o[3] = s.b[1][0];
    o[4] = s.c[0][1];
    o[5] = s.c[1][0];
    o[6] = d[0][1];
    o[7] = d[1][0];
}
