// A local array of vectors written through run-time indices on both the element and the
// component (acc[i].y += …, acc[i][j] = …, acc[j].zx = …), then read back in a loop. Each
// thread t (4 threads) starts acc[k] = (k, k, k, k) for k < 4 and, with i = t, j = 3 - t:
//   acc[i].y += 10; acc[i][j] = -1; acc[j].zx = float2(100 + t, 200 + t); acc[(i + 1) % 4].w *= 3
// and writes acc[k].x + acc[k].y + acc[k].z + acc[k].w for each k. Python model:
//   for t in range(4): acc = [[k]*4 for k in range(4)]; i, j = t, 3 - t
//     acc[i][1] += 10; acc[i][j] = -1; acc[j][2] = 100 + t; acc[j][0] = 200 + t; acc[(i+1)%4][3] *= 3
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[16] = 0
// expect u0 = [9, 6, 8, 306,  0, 12, 310, 12,  0, 306, 5, 18,  306, 4, 8, 18]
RWStructuredBuffer<float> o : register(u0);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float4 acc[4];
    for (uint k = 0; k < 4; ++k)
        acc[k] = float4(k, k, k, k);
    uint i = t, j = 3 - t;
    acc[i].y += 10;
    acc[i][j] = -1;
    acc[j].zx = float2(100 + t, 200 + t);
    acc[(i + 1) % 4].w *= 3;
    for (uint m = 0; m < 4; ++m)
        o[4 * t + m] = acc[m].x + acc[m].y + acc[m].z + acc[m].w;
}
