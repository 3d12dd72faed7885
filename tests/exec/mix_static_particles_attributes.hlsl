// A particle update kept in a `static` array of structs (per-thread private memory, written
// by helper functions through the global, not through parameters), with the control-flow
// attributes engine code sprinkles over such loops: `[unroll(4)]`, `[loop]`, `[fastopt]`,
// `[allow_uav_condition]`, `[branch]`, `[flatten]`, `[call]` and `[forcecase]` on a switch.
// Thread t starts 4 particles at p = (t + i, 8 - i), v = ((i - 1) / 2, -1); 6 steps of
// gravity 0.5, integration, and a bounce at y = 0 that halves position and speed and counts
// a hit; then a switch classifies each particle's hit count (0 → 1, 1 → 10, else 100).
// Per thread: the 4 positions, total hits, the class sum. Halves and quarters: exact.
// Expected values: tests/exec/mix/models.py (static_particles_attributes).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[40] = 0
// expect u0 = [-3, 2, 1, 2.5, 5, 3, 9, 1.25, 4, 40, -2, 2, 2, 2.5, 6, 3, 10, 1.25, 4, 40, -1,
//     2, 3, 2.5, 7, 3, 11, 1.25, 4, 40, 0, 2, 4, 2.5, 8, 3, 12, 1.25, 4, 40]
RWStructuredBuffer<float> Out : register(u0);

struct Particle {
    float2 p;
    float2 v;
    uint hits;
};

static Particle gParticles[4];

void spawn(uint t) {
    [unroll(4)]
    for (uint i = 0; i < 4; ++i) {
        gParticles[i].p = float2(t + i, 8.0 - i);
        gParticles[i].v = float2(0.5 * ((int)i - 1), -1);
        gParticles[i].hits = 0;
    }
}

void step(uint i) {
    gParticles[i].v.y -= 0.5;
    gParticles[i].p += gParticles[i].v;
    [branch]
    if (gParticles[i].p.y < 0) {
        gParticles[i].p.y = -gParticles[i].p.y * 0.5;
        gParticles[i].v.y = -gParticles[i].v.y * 0.5;
        gParticles[i].hits++;
    }
}

uint classify(uint hits) {
    uint c;
    [call]
    switch (hits) {
    case 0:
        c = 1;
        break;
    case 1:
        c = 10;
        break;
    default:
        c = 100;
        break;
    }
    return c;
}

uint classifyForced(uint hits) {
    [forcecase]
    switch (min(hits, 2u)) {
    case 0: return 1;
    case 1: return 10;
    default: return 100;
    }
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    spawn(t);
    [allow_uav_condition]
    [loop]
    for (uint s = 0; s < 6; ++s) {
        [fastopt]
        for (uint i = 0; i < 4; ++i)
            step(i);
    }
    uint hits = 0, cls = 0;
    for (uint i = 0; i < 4; ++i) {
        hits += gParticles[i].hits;
        [flatten]
        if (i & 1)
            cls += classify(gParticles[i].hits);
        else
            cls += classifyForced(gParticles[i].hits);
        Out[10 * t + 2 * i] = gParticles[i].p.x;
        Out[10 * t + 2 * i + 1] = gParticles[i].p.y;
    }
    Out[10 * t + 8] = hits;
    Out[10 * t + 9] = cls;
}
