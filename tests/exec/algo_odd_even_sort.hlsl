// Odd-even transposition sort of 32 floats per group (negative values, fractions): 16
// threads each compare-exchange one pair per phase with min/max, 32 phases with
// alternating parity and a barrier after each; the result goes out through a second
// groupshared array read in a different order (thread t writes elements t and t + 16).
// Two groups sort independent halves. Values are multiples of 1/8: exact.
// Expected values: tests/exec/algo/models.py (odd_even_sort).
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer u1 rw float[64] = 0
// buffer t0 ro float[64] = [-51.875, 23, -31.125, -52.75, -41.375, -57, -25.125, -23.375, 45.875, 38.75, 5, -34.125, -50.5, 31.875, -19.125, 10.875,
//     46.125, -31.25, 17.875, 9.75, 6.125, 27.875, 17.5, 7.25, 36.125, -44.25, -23.625, 54.75, 12.375, 11.875, 40.75, -43.25,
//     -39.375, -23.125, 37.375, -17.25, 9.25, -30.875, -29.25, 5.375, 19.75, 9.125, -12.875, -12, 14.75, -26.5, 19.25, 62.125,
//     -49.375, -58.375, 31.5, -50.75, -17.125, -43, -40.625, -7, 36, 3.125, 38.375, -36.25, 22.625, -32.5, -59.875, -56]
// expect u1 = [-57, -52.75, -51.875, -50.5, -44.25, -43.25, -41.375, -34.125, -31.25, -31.125, -25.125, -23.625, -23.375, -19.125, 5, 6.125,
//     7.25, 9.75, 10.875, 11.875, 12.375, 17.5, 17.875, 23, 27.875, 31.875, 36.125, 38.75, 40.75, 45.875, 46.125, 54.75,
//     -59.875, -58.375, -56, -50.75, -49.375, -43, -40.625, -39.375, -36.25, -32.5, -30.875, -29.25, -26.5, -23.125, -17.25, -17.125,
//     -12.875, -12, -7, 3.125, 5.375, 9.125, 9.25, 14.75, 19.25, 19.75, 22.625, 31.5, 36, 37.375, 38.375, 62.125]
StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<float> Output : register(u1);

groupshared float vals[32];

void compareExchange(uint lo, uint hi) {
    float a = vals[lo];
    float b = vals[hi];
    vals[lo] = min(a, b);
    vals[hi] = max(a, b);
}

[numthreads(16, 1, 1)]
void main(uint3 gid : SV_GroupID, uint t : SV_GroupThreadID) {
    uint base = gid.x * 32;
    vals[2 * t] = Input[base + 2 * t];
    vals[2 * t + 1] = Input[base + 2 * t + 1];
    GroupMemoryBarrierWithGroupSync();
    [loop]
    for (uint phase = 0; phase < 32; ++phase) {
        uint lo = 2 * t + (phase & 1);
        if (lo + 1 < 32)
            compareExchange(lo, lo + 1);
        GroupMemoryBarrierWithGroupSync();
    }
    Output[base + t] = vals[t];
    Output[base + t + 16] = vals[t + 16];
}
