// Particle integration over an array of structs: RWStructuredBuffer<Particle> with float3,
// uint, float3 and float2 members (stride 36, tightly packed), parameters from a cbuffer
// whose float3 members pack after scalars (gravity at offset 4, damping at 28, steps at
// 44). Each particle runs `steps` explicit Euler steps; per axis (dynamic float3 index in a
// loop) it reflects off the box walls, damping the velocity and counting bounces into id.
// The squared distance from the origin also goes to a structure-of-arrays output.
// All inputs are multiples of 1/8 and dt = 0.25: every operation is exact in f32.
// Expected values: tests/exec/algo/models.py (particles).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw float[8] = 0
// peer-bug glslang: std430 struct layout: float3 members 16-aligned and float2 8-aligned, so Particle's stride is not 36 (see structured_vec3_stride)
// cbuffer b0 = f32 [0.25, 0, -2, 0, -1, 0, -1, 0.5, 1, 4, 1] u32 [6]
// buffer u1 rw = f32 [-0.5, 0.5, -0.125] u32 [0] f32 [-2.25, 1, -0.75, 0, 0.5] f32 [-0.375, 1.25, 0.125] u32 [10] f32 [-0.75,
//     0.5, 0.75, 1, 0.5] f32 [-0.25, 2, -0.125] u32 [20] f32 [0.75, 0, 0, 2, 0.5] f32 [-0.125, 0.5, 0.125] u32 [30] f32 [2.25,
//     -0.5, -0.75, 3, 0.5] f32 [0, 1.25, -0.125] u32 [40] f32 [-2.25, -1, 0.75, 4, 0.5] f32 [0.125, 2,
//     0.125] u32 [50] f32 [-0.75, -1.5, 0, 5, 0.5] f32 [0.25, 0.5, -0.125] u32 [60] f32 [0.75, -2, -0.75,
//     6, 0.5] f32 [0.375, 1.25, 0.125] u32 [70] f32 [2.25, -2.5, 0.75, 7, 0.5]
// expect u1 = f32 [0.46875, 0.1875, -0.84375] u32 [3] f32 [1.125, 0.25, 0.375, 0, 1.25] f32 [-0.6875, 0.625, 0.84375] u32 [13] f32 [0.375,
//     1.25, -0.375, 1, 1.25] f32 [0.875, 0.625, -0.125] u32 [21] f32 [0.75, 1.5, 0, 2, 1.25] f32 [-0.40625,
//     0.03125, -1] u32 [33] f32 [-1.125, -0.125, -0.75, 3, 1.25] f32 [0.25, 0.4375, 1] u32 [42] f32 [1.125,
//     -0.25, 0.75, 4, 1.25] f32 [-1, 1.25, 0.125] u32 [51] f32 [-0.75, 0.75, 0, 5, 1.25] f32 [0.71875,
//     0.1875, -0.84375] u32 [64] f32 [-0.375, 0.625, 0.375, 6, 1.25] f32 [-0.625, 0.875, 0.84375] u32 [73] f32 [-1.125,
//     -0.25, -0.375, 7, 1.25]
// expect u2 = [0.9667969, 1.5751953, 1.171875, 1.1660156, 1.2539062, 2.578125, 1.2636719, 1.8681641]
struct Particle {
    float3 pos;
    uint id;
    float3 vel;
    float2 uv;
};

cbuffer Params : register(b0) {
    float dt;
    float3 gravity;
    float3 boxMin;
    float damping;
    float3 boxMax;
    uint steps;
};

RWStructuredBuffer<Particle> Particles : register(u1);
RWStructuredBuffer<float> DistSq : register(u2);

void reflectAxis(inout float p, inout float v, float lo, float hi, inout uint bounces) {
    if (p < lo) {
        p = lo + (lo - p);
        v = -v * damping;
        bounces++;
    } else if (p > hi) {
        p = hi - (p - hi);
        v = -v * damping;
        bounces++;
    }
}

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Particle p = Particles[i];
    uint bounces = 0;
    for (uint s = 0; s < steps; ++s) {
        for (uint a = 0; a < 3; ++a) {
            p.vel[a] += gravity[a] * dt;
            p.pos[a] += p.vel[a] * dt;
            reflectAxis(p.pos[a], p.vel[a], boxMin[a], boxMax[a], bounces);
        }
        p.uv.y += 0.125;
    }
    p.id += bounces;
    Particles[i] = p;
    DistSq[i] = dot(p.pos, p.pos);
}
