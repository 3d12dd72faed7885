// Vertex-style transforms with cbuffer matrices of both majornesses: World is declared
// row_major, View column_major (the default), so their memory orders differ (the cbuffer
// directive lists World's rows, then View's columns). Each thread transforms one point:
// mul(p, World) (row vector), mul(View, p) (column vector) and mul(p, mul(World, View))
// (matrix product, then row vector), written as three float4s. Small integers: exact.
// Expected values: tests/exec/algo/models.py (cbuffer_transform).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw float4[12] = 0
// cbuffer b0 = f32 [1, 2, 0, 0, 0, 1, 3, 0, -1, 0, 1, 0, 4, 5, 6, 1,
//     2, 0, 1, 0, 0, 1, 0, 0, 0, -1, 1, 0, 1, 2, -3, 1]
// buffer t1 ro float4[4] = [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 2, -1, 3, 1]
// expect u2 = [5, 7, 6, 1, 3, 2, -2, 1, 16, 7, -1, 2, 4, 6, 9, 1,
//     1, 3, -3, 1, 17, 6, 3, -10, 3, 5, 7, 1, 1, 1, -2, 1,
//     13, 5, 2, -7, 3, 8, 6, 1, 5, -2, 2, 1, 12, 8, -2, 2]
cbuffer Camera : register(b0) {
    row_major float4x4 World;
    column_major float4x4 View;
};
StructuredBuffer<float4> Points : register(t1);
RWStructuredBuffer<float4> Out : register(u2);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    float4 p = Points[i];
    Out[i * 3 + 0] = mul(p, World);
    Out[i * 3 + 1] = mul(View, p);
    float4x4 worldView = mul(World, View);
    Out[i * 3 + 2] = mul(p, worldView);
}
