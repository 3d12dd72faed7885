// Monte-Carlo estimation of pi with a random-number generator kept in a mutable `static`
// global (per-thread state, as path tracers do): seeded in main, advanced by a PCG step in
// a helper that a second helper calls twice per sample, 100 samples per thread in a loop;
// hits inside the quarter circle are counted exactly on 12-bit integer coordinates
// (x^2 + y^2 < 4096^2 in uint), summed per wave with WaveActiveSum and merged with
// InterlockedAdd by the first lane, plus InterlockedMax of the per-thread count.
// Expected values: tests/exec/algo/models.py (monte_carlo; 4 * 5084 / 6400 = 3.18).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[64] = 0
// buffer u1 rw uint[2] = 0
// expect u0 = [81, 80, 82, 73, 76, 76, 76, 75, 81, 75, 80, 75, 70, 75, 83, 78,
//     75, 84, 78, 83, 86, 86, 83, 83, 75, 77, 79, 80, 79, 83, 82, 73,
//     82, 86, 76, 79, 80, 84, 79, 86, 82, 76, 75, 73, 81, 86, 79, 80,
//     79, 74, 89, 79, 79, 85, 82, 73, 79, 85, 71, 84, 81, 82, 82, 74]
// expect u1 = [5084, 89]
RWStructuredBuffer<uint> PerThread : register(u0);
RWStructuredBuffer<uint> Total : register(u1);

static uint rngState;

uint nextRandom() {
    rngState = rngState * 747796405u + 2891336453u;
    uint word = ((rngState >> ((rngState >> 28u) + 4u)) ^ rngState) * 277803737u;
    return (word >> 22u) ^ word;
}

uint2 randomPoint() {
    uint x = nextRandom() >> 20;
    uint y = nextRandom() >> 20;
    return uint2(x, y);
}

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex) {
    rngState = t * 0x9E3779B9u + 1;
    uint hits = 0;
    for (uint s = 0; s < 100; ++s) {
        uint2 p = randomPoint();
        if (p.x * p.x + p.y * p.y < 4096u * 4096u)
            hits++;
    }
    PerThread[t] = hits;
    uint waveHits = WaveActiveSum(hits);
    if (WaveIsFirstLane())
        InterlockedAdd(Total[0], waveHits);
    InterlockedMax(Total[1], hits);
}
