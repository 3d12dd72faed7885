// The majorness of a structured buffer's matrix element comes from its template argument,
// as in DXC's SPIR-V (CodeGenSPIRV pragma.pack_matrix.hlsl and type.matrix.majorness.zpr.hlsl:
// `StructuredBuffer<float2x3>` after `#pragma pack_matrix(row_major)`, and
// `StructuredBuffer<row_major float3x3>`, are decorated ColMajor, i.e. stored row by row).
// (DXC's DXIL ignores it, a bug it keeps open: microsoft/DirectXShaderCompiler#2499.)
// Every buffer holds the words [1, 2, 3, 4, 5, 6] read as a float2x3 (or float2x2 [1 2 3 4]):
//   row-major float2x3: rows (1 2 3) (4 5 6): _12 = 2, _21 = 4, [1] = (4, 5, 6)
//   column-major:       columns (1 2) (3 4) (5 6): _12 = 3, _21 = 2, [1] = (2, 4, 6)
// Buffers: P (pragma row_major), R (`row_major` written in the argument under pragma
// column_major), C (`column_major` written under pragma row_major), T (a typedef of a
// row_major float2x2), D (no majorness: column-major), and stores: W (RW, pragma row_major)
// gets float2x3(10..15) as rows → words 10..15 in order; A (Append, `row_major float2x2`)
// gets (7, 8, 9, 10) → words 7, 8, 9, 10. Load(0) reads like [0].
// hlslc ignored the argument's majorness before (every buffer column-major).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[6] = [1, 2, 3, 4, 5, 6]
// buffer t1 ro float[6] = [1, 2, 3, 4, 5, 6]
// buffer t2 ro float[6] = [1, 2, 3, 4, 5, 6]
// buffer t3 ro float[4] = [1, 2, 3, 4]
// buffer t4 ro float[6] = [1, 2, 3, 4, 5, 6]
// buffer u5 rw float[6] = 0
// buffer u6 rw float[4] = 0
// buffer u7 rw uint[1] = 0
// buffer u8 rw float[16] = 0
// expect u5 = [10, 11, 12, 13, 14, 15]
// expect u6 = [7, 8, 9, 10]
// expect u7 = [1]
// expect u8 = [2, 4, 4, 5, 6,  2, 4, 4, 5, 6,  3, 2,  2, 3,  3, 2]
// peer-bug glslang: no `row_major`/`column_major` inside a template argument list (`StructuredBuffer<row_major float2x3>`)
#pragma pack_matrix(row_major)
StructuredBuffer<float2x3> P : register(t0);
#pragma pack_matrix(column_major)
StructuredBuffer<row_major float2x3> R : register(t1);
#pragma pack_matrix(row_major)
StructuredBuffer<column_major float2x3> C : register(t2);
typedef row_major float2x2 RowMat2;
#pragma pack_matrix(column_major)
StructuredBuffer<RowMat2> T : register(t3);
StructuredBuffer<float2x3> D : register(t4);
#pragma pack_matrix(row_major)
RWStructuredBuffer<float2x3> W : register(u5);
#pragma pack_matrix(column_major)
AppendStructuredBuffer<row_major float2x2> A : register(u6);
RWStructuredBuffer<float> Out : register(u8);

[numthreads(1, 1, 1)]
void main() {
    float2x3 p = P[0];
    float2x3 r = R.Load(0);
    float results[16] = {
        p._12, p._21, p[1],
        r._12, r._21, r[1],
        C[0]._12, C[0]._21,
        T[0]._12, T[0]._21,
        D[0]._12, D[0]._21,
    };
    W[0] = float2x3(10, 11, 12, 13, 14, 15);
    A.Append(float2x2(7, 8, 9, 10));
    for (uint i = 0; i < 16; ++i)
        Out[i] = results[i];
}
