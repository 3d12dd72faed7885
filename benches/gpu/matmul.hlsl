// C = A * B for N x N row-major float matrices, 16x16 tiles in groupshared memory.
#ifndef N
#define N 2048
#endif
StructuredBuffer<float> A : register(t0);
StructuredBuffer<float> B : register(t1);
RWStructuredBuffer<float> C : register(u2);
groupshared float ta[16][16];
groupshared float tb[16][16];

[numthreads(16, 16, 1)]
void main(uint3 id : SV_DispatchThreadID, uint3 lid : SV_GroupThreadID) {
    float acc = 0.0f;
    for (uint t = 0; t < N; t += 16) {
        ta[lid.y][lid.x] = A[id.y * N + t + lid.x];
        tb[lid.y][lid.x] = B[(t + lid.y) * N + id.x];
        GroupMemoryBarrierWithGroupSync();
        [unroll] for (uint k = 0; k < 16; ++k) acc += ta[lid.y][k] * tb[k][lid.x];
        GroupMemoryBarrierWithGroupSync();
    }
    C[id.y * N + id.x] = acc;
}
