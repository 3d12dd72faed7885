// Truncating casts and element reads of constant-buffer and structured-buffer float4x4s in
// both majornesses, as transform code writes them: `(float3x3)World` for normals,
// `World._m03_m13_m23` and `View[3].xyz` for translations, `(float4x3)`, `(float2x2)`, and
// mul of a float4 by the whole matrix. W[r][c] = 4r + c + 1 (column_major: registers hold
// columns), V[r][c] = (4r + c + 1) / 2 (row_major: registers hold rows); S[0] in a
// StructuredBuffer<float4x4> (column-major: m[r][c] = mem[4c + r]) over mem = 1..16.
// Python model, n = (1, -1, 2):
//   a = [sum(W[i][j]*n[j] for j<3) for i<3]; b = [sum(n[i]*V[i][j] for i<3) for j<3]
//   t = W[0..2][3]; r = V[3][0..2]; c = W[3][0..2]; d = V[1][0..1]
//   e = [sum(v[i]*W[i][j] for i<4) for j<4] with v = (n, 1); s = (mem[2], mem[6], mem[10])
// layout C: World=0 View=64
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16,
//                   0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8]
// buffer t1 ro float[16] = iota 1
// buffer t2 ro float[3] = [1, -1, 2]
// buffer u3 rw float[24] = 0
// expect u3 = [5, 13, 21,  7, 8, 9,  4, 8, 12,  6.5, 7, 7.5,  13, 14, 15,  2.5, 3,
//              27, 30, 33, 36,  3, 7, 11]
// peer-bug glslang: invalid SPIR-V ("OpStore Pointer %param_4's type does not match Object %int_3's type") for these row reads
cbuffer C : register(b0) {
    float4x4 World;
    row_major float4x4 View;
};
StructuredBuffer<float4x4> S : register(t1);
StructuredBuffer<float> N : register(t2);
RWStructuredBuffer<float> o : register(u3);

void put3(uint at, float3 v) { o[at] = v.x; o[at + 1] = v.y; o[at + 2] = v.z; }

[numthreads(1, 1, 1)]
void main() {
    float3 n = float3(N[0], N[1], N[2]);
    put3(0, mul((float3x3)World, n));
    put3(3, mul(n, (float3x3)View));
    put3(6, World._m03_m13_m23);
    put3(9, View[3].xyz);
    put3(12, ((float4x3)World)[3]);
    float2 d = ((float2x2)View)[1];
    o[15] = d.x; o[16] = d.y;
    float4 e = mul(float4(n, 1), World);
    o[17] = e.x; o[18] = e.y; o[19] = e.z; o[20] = e.w;
    put3(21, ((float3x3)S[0])[2]);
}
