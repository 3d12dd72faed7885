// Groupshared arrays of matrices (default column_major float2x3 and row_major float3x2) and
// of structs holding a matrix and an array, written element by element at run-time indices
// by one thread and read by another after the barrier. Thread t (4 threads) writes
//   gm[t][r][c] = 100t + 10r + c;  gr[3 - t] = transpose(gm[t]);
//   recs[t].m = float2x2(t, t + 1, t + 2, t + 3) (rows); recs[t].k = 0, then k[t % 3] = t + 7
// and, after the barrier, with u = (t + 1) % 4 and s = (t + 2) % 4, reads
//   gm[u][1][2] = 100u + 12, gm[u]._m01 = 100u + 1, gr[t][2][1] = gm[3 - t][1][2],
//   recs[s].m[1][0] = s + 2, recs[s].k[s % 3] = s + 7, and a whole copy of gm[t]: [1][0] = 100t + 10.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[24] = 0
// expect u0 = [112, 101, 312, 4, 9, 10,   212, 201, 212, 5, 10, 110,
//              312, 301, 112, 2, 7, 210,   12, 1, 12, 3, 8, 310]
RWStructuredBuffer<float> o : register(u0);

struct Rec {
    float2x2 m;
    uint k[3];
};

groupshared float2x3 gm[4];
groupshared row_major float3x2 gr[4];
groupshared Rec recs[4];

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    for (uint r = 0; r < 2; ++r)
        for (uint c = 0; c < 3; ++c)
            gm[t][r][c] = 100 * t + 10 * r + c;
    gr[3 - t] = transpose(gm[t]);
    recs[t].m = float2x2(t, t + 1, t + 2, t + 3);
    for (uint k = 0; k < 3; ++k)
        recs[t].k[k] = 0;
    recs[t].k[t % 3] = t + 7;
    GroupMemoryBarrierWithGroupSync();
    uint u = (t + 1) % 4, s = (t + 2) % 4;
    o[6 * t + 0] = gm[u][1][2];
    o[6 * t + 1] = gm[u]._m01;
    o[6 * t + 2] = gr[t][2][1];
    o[6 * t + 3] = recs[s].m[1][0];
    o[6 * t + 4] = recs[s].k[s % 3];
    float2x3 mm = gm[t];
    o[6 * t + 5] = mm[1][0];
}
