// Tiled matrix product C = A B of two 8x8 float matrices (small integers, so every sum is
// exact): 4x4 threads per group, 2x2 groups; each group walks the shared dimension in two
// 4-wide steps, staging a tile of A and of B in groupshared float4x4 values indexed as
// matrices (m[row][col]), with a barrier before and after each accumulation; the partial
// product of a step is a dot of a row of one tile with a column of the other.
// Expected values: tests/exec/algo/models.py (tiled_matmul).
// exec: -T cs_6_0 -E main dispatch 2 2 1
// buffer u2 rw float[64] = 0
// buffer t0 ro float[64] = [3, 2, 3, 2, 0, -3, 2, 3, -1, -4, -3, 0, -3, 1, -2, -4,
//     -2, 3, 3, 0, 4, 2, 0, 3, 2, 4, -4, -1, -3, 4, -3, 1,
//     -2, 1, 3, -3, 4, -3, -4, -3, -2, -2, -2, 0, 2, -1, -2, 2,
//     2, 1, -2, 3, -2, 4, 4, -4, 1, -3, -1, -2, -3, 3, -2, -1]
// buffer t1 ro float[64] = [0, -3, 2, 2, 1, 1, -3, 0, 1, 3, -3, -3, -3, 1, 1, 3,
//     1, 0, -1, -2, -2, 1, 0, -1, 3, 0, 1, -3, -3, 1, 3, 2,
//     1, -3, 2, 2, 3, -3, -2, -2, 0, -1, -2, 3, -1, -3, 0, 3,
//     1, 1, -3, 2, -2, 2, 1, 0, -3, 0, 2, 1, 2, -1, 0, -3]
// expect u2 = [4, 2, 5, -14, -10, 20, 1, -11, 0, -3, 3, 5, 3, -2, 3, 12,
//     1, 1, -6, -2, -1, -17, 1, -5, -12, 8, -8, 4, -4, -9, -2, 29,
//     4, -4, 7, -16, 15, -9, -14, -14, -10, -7, 20, 5, 23, -15, -2, -17,
//     22, 3, -26, 8, -32, 10, 12, 39, -12, -8, 2, 17, 8, -8, -8, 6]
StructuredBuffer<float> A : register(t0);
StructuredBuffer<float> B : register(t1);
RWStructuredBuffer<float> C : register(u2);

groupshared float4x4 tileA;
groupshared float4x4 tileB;

[numthreads(4, 4, 1)]
void main(uint3 gid : SV_GroupID, uint3 tid : SV_GroupThreadID) {
    uint row = gid.y * 4 + tid.y;
    uint col = gid.x * 4 + tid.x;
    float acc = 0;
    for (uint step = 0; step < 2; ++step) {
        tileA[tid.y][tid.x] = A[row * 8 + step * 4 + tid.x];
        tileB[tid.y][tid.x] = B[(step * 4 + tid.y) * 8 + col];
        GroupMemoryBarrierWithGroupSync();
        float4 colB = float4(tileB[0][tid.x], tileB[1][tid.x], tileB[2][tid.x], tileB[3][tid.x]);
        acc += dot(tileA[tid.y], colB);
        GroupMemoryBarrierWithGroupSync();
    }
    C[row * 8 + col] = acc;
}
