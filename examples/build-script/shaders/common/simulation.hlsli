// Included by particles.hlsl; includes constants.hlsli from its own directory.
#pragma once
#include "constants.hlsli"

struct Emitter
{
    float3 position;
    float rate;
};

struct Particle
{
    float3 position;
    float age;
    float3 velocity;
    uint id;
};
