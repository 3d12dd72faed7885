// Ray/box intersection by the slab method, as ray-marching, picking and BVH-traversal code
// writes it, relying on IEEE infinities: the inverse direction rcp(d) of an axis-parallel
// ray is +-inf on its zero components (1 / +0 = +inf, 1 / -0 = -inf), so (lo - o) * inv is
// +-inf for that axis and `min`/`max` of infinities carry the slab test through unchanged
// (origins never lie on a slab plane here, which would give 0 * inf = NaN). Each of 32 rays
// is tested against 8 boxes from a StructuredBuffer of structs; the thread keeps the nearest
// hit with tmax >= max(tmin, 0) (entering distance, or 0 when it starts inside) and its box,
// and counts hits. Outputs per ray: (nearest box or -1, entry distance or inf, hit count,
// exit distance of the nearest box). Coordinates are multiples of 1/4 and directions have
// components in {0, +-1, +-2, +-0.5, -0.0}: all distances are exact.
// Expected values: tests/exec/work/models.py (ray_aabb_slabs).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[16] = [-3.75, -0.5, -0.75, 0, -3.25, 0.25, 1, 0, -3.75, -3.25, -2.5, 0,
//     -1.75, 0, -1.25, 0, -3.75, 4.25, -2.75, 0, -1.5, 6.5, -0.5, 0, -2.75, 1.75, -0.75, 0, -0.75,
//     2.75, 0.5, 0, -2.5, 0, -1, 0, -1, 2.25, -0.25, 0, 0.75, -4.75, -3.5, 0, 2, -4.25, -0.5, 0,
//     1.25, -2, 1.5, 0, 4.5, -0.75, 4.75, 0, 0.25, -3.75, -3.75, 0, 2.75, -0.75, -2.5, 0]
// buffer t1 ro float4[64] = [-1.125, -2.625, -2.875, 0, -1, 2, 0.5, 0, -5.125, 4.875, -6.625, 0, 1,
//     0.5, 2, 0, 0.375, -5.375, 0.875, 0, -1, 2, -2, 0, 4.375, -4.125, -1.625, 0, 1, -2, 0.5, 0,
//     -5.875, 8.625, -4.875, 0, 1, -2, 2, 0, -0.125, -4.625, 1.875, 0, 1, -2, 1, 0, -2.625, 4.875,
//     2.625, 0, -0.0, -2, -1, 0, 0.375, 6.875, 0.875, 0, 1, -2, -0.0, 0, 1.125, -2.125, -3.125, 0,
//     -1, 2, 0.5, 0, 6.875, -2.875, -1.625, 0, -0.0, -1, -2, 0, 4.125, -2.125, -5.625, 0, -2, -2,
//     1, 0, -1.375, -0.625, -2.375, 0, 2, 0.5, 1, 0, 1.375, -1.875, 6.875, 0, 0, 0, -1, 0, -3.625,
//     4.125, 3.375, 0, -0.0, -0.0, 0.5, 0, -1.875, -5.875, -5.875, 0, 2, 0.5, 1, 0, -4.625, -5.125,
//     -1.375, 0, 1, -2, -1, 0, -5.875, -2.625, -2.875, 0, 2, 0.5, 2, 0, -3.875, 4.375, -5.375, 0,
//     1, -2, -1, 0, -5.875, -3.125, -2.375, 0, 1, -0.0, -0.0, 0, 4.125, -2.125, -0.125, 0, -1, -1,
//     -1, 0, -5.875, 4.375, -4.875, 0, 0.5, -0.0, 1, 0, -5.875, -4.125, -2.125, 0, 0.5, -2, 0, 0,
//     -4.875, -0.375, -2.875, 0, 0.5, 0.5, 1, 0, 1.125, -6.125, 5.375, 0, -1, 0, 2, 0, -2.375,
//     -2.125, 1.875, 0, -0.0, 2, -2, 0, 6.375, -1.375, -6.375, 0, -0.0, 1, 2, 0, 0.875, -6.875,
//     -5.625, 0, -0.0, 2, 0.5, 0, 0.625, -0.625, -4.875, 0, -1, 0.5, -0.0, 0, 1.375, -4.125, 1.625,
//     0, -0.0, 0.5, 0, 0, -5.125, -5.375, -6.625, 0, 2, -1, 1, 0, 4.875, -5.875, -0.375, 0, -2,
//     0.5, -2, 0, 2.125, 3.875, -4.625, 0, 2, 2, 0.5, 0]
// buffer u2 rw float4[32] = 0
// expect u2 = [1, 0.75, 1, 1.3125, 2, 1.9375, 1, 3.0625, -1, inf, 0, 0, -1, inf, 0, 0, 2, 2.125, 1,
//     2.1875, -1, inf, 0, 0, 1, 3.875, 1, 4.0625, -1, inf, 0, 0, 7, 0, 2, 0.6875, -1, inf, 0, 0,
//     -1, inf, 0, 0, -1, inf, 0, 0, 6, 2.125, 2, 5.375, -1, inf, 0, 0, -1, inf, 0, 0, -1, inf, 0,
//     0, 6, 3.5625, 1, 3.75, -1, inf, 0, 0, 1, 2.125, 1, 4.125, 5, 2.125, 1, 2.625, 2, 4.25, 1,
//     4.375, -1, inf, 0, 0, -1, inf, 0, 0, -1, inf, 0, 0, 4, 1.0625, 1, 1.4375, -1, inf, 0, 0, -1,
//     inf, 0, 0, -1, inf, 0, 0, 6, 4.25, 1, 6.75, -1, inf, 0, 0, -1, inf, 0, 0, -1, inf, 0, 0]
struct Box
{
    float3 lo;
    float pad0;
    float3 hi;
    float pad1;
};

StructuredBuffer<Box> Boxes : register(t0);
StructuredBuffer<float4> Rays : register(t1);   // origin, direction (pairs)
RWStructuredBuffer<float4> Hits : register(u2);

bool IntersectSlabs(float3 o, float3 invDir, Box b, out float tEnter, out float tExit)
{
    const float3 t0 = (b.lo - o) * invDir;
    const float3 t1 = (b.hi - o) * invDir;
    const float3 tNear = min(t0, t1);
    const float3 tFar = max(t0, t1);
    tEnter = max(max(tNear.x, tNear.y), tNear.z);
    tExit = min(min(tFar.x, tFar.y), tFar.z);
    return tExit >= max(tEnter, 0.0);
}

[numthreads(32, 1, 1)]
void main(uint r : SV_GroupIndex)
{
    const float3 o = Rays[r * 2].xyz;
    const float3 d = Rays[r * 2 + 1].xyz;
    const float3 invDir = rcp(d);
    float best = 1.#INF;
    float bestExit = 0;
    int bestBox = -1;
    uint hits = 0;
    [loop]
    for (uint b = 0; b < 8; ++b)
    {
        float tEnter, tExit;
        if (IntersectSlabs(o, invDir, Boxes[b], tEnter, tExit))
        {
            ++hits;
            const float t = max(tEnter, 0.0);
            if (t < best)
            {
                best = t;
                bestExit = tExit;
                bestBox = (int)b;
            }
        }
    }
    Hits[r] = float4((float)bestBox, best, (float)hits, bestExit);
}
