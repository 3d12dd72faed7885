// One simulation step for particles. The constant buffer uses D3D's packing rules that a
// std140 host layout gets wrong: float after float3, a column-major float3x3 followed by a
// float in its last register, a float array (one register per element) followed by a uint in
// the last element's register, an array of structs, and a bool.
#include "common/simulation.hlsli"

cbuffer Simulation : register(b0)
{
    float3 gravity;      // 0
    float dt;            // 12
    float3x3 rotation;   // 16: columns at 16, 32, 48
    float damping;       // 60
    float weights[3];    // 64, 80, 96
    uint count;          // 100
    Emitter emitters[2]; // 112, 128
    bool enabled;        // 144
};

StructuredBuffer<Particle> input : register(t0);
RWStructuredBuffer<Particle> output : register(u0);

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    if (i >= count)
        return;
    Particle p = input[i];
    Emitter e = emitters[i % 2];
    float3 v = mul(rotation, p.velocity) * damping + gravity * dt;
    p.position = p.position + v * dt * weights[i % 3] + e.position;
    p.velocity = v;
    p.age = p.age + dt * e.rate;
    p.id = p.id + count + (enabled ? ENABLED_BONUS : 0);
    output[i] = p;
}
