// Inline ray tracing on a GPU (tests/rayquery_device.rs): one ray per thread of a GRID x GRID
// grid, from the plane z = -10 along +z (tilted a little), traced twice against `scene`:
// first with RAY_FLAG_NONE (the template adds RAY_FLAG_FORCE_OPAQUE), then culling back faces.
// Each ray writes WORDS words: what the first query committed, the object-space ray and the
// instance transforms at the hit, and the second query's status and ray. The first query is
// traced by a function that takes it, the second by a function template that declares,
// traces and returns it, and its status read by a function taking it and returning a value
// from a local (hlslc inlines those calls: naga's ray-query operations need the query
// variable of the same function).
#define GRID 32
#define WORDS 28

RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> o : register(u0);

RayDesc GridRay(uint2 cell) {
    RayDesc ray;
    ray.Origin = float3(-4.0 + 8.0 * (cell.x + 0.37) / GRID, -4.0 + 8.0 * (cell.y + 0.61) / GRID, -10.0);
    ray.Direction = normalize(float3(0.01 * cell.x, -0.02, 1.0));
    ray.TMin = 0.5;
    ray.TMax = 100.0;
    return ray;
}

void TraceAll(RayQuery<RAY_FLAG_FORCE_OPAQUE> query, RayDesc ray) {
    query.TraceRayInline(scene, RAY_FLAG_NONE, 0xFF, ray);
    while (query.Proceed()) {
        query.CommitNonOpaqueTriangleHit();
    }
}

template<typename Q>
Q TraceWith(RayDesc ray, uint flags) {
    Q query;
    query.TraceRayInline(scene, flags, 0xFF, ray);
    while (query.Proceed()) {
    }
    return query;
}

uint Status(RayQuery<RAY_FLAG_FORCE_OPAQUE> query) {
    uint status = query.CommittedStatus();
    return status;
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint base = (id.y * GRID + id.x) * WORDS;
    RayDesc ray = GridRay(id.xy);
    RayQuery<RAY_FLAG_FORCE_OPAQUE> q;
    TraceAll(q, ray);
    for (uint i = 0; i < WORDS; i++)
        o[base + i] = 0;
    o[base + 0] = q.CommittedStatus();
    if (q.CommittedStatus() == COMMITTED_TRIANGLE_HIT) {
        o[base + 1] = asuint(q.CommittedRayT());
        o[base + 2] = q.CommittedInstanceIndex();
        o[base + 3] = q.CommittedInstanceID();
        o[base + 4] = q.CommittedPrimitiveIndex();
        o[base + 5] = q.CommittedGeometryIndex();
        float2 bary = q.CommittedTriangleBarycentrics();
        o[base + 6] = asuint(bary.x);
        o[base + 7] = asuint(bary.y);
        o[base + 8] = q.CommittedTriangleFrontFace() ? 1 : 0;
        float3 origin = q.CommittedObjectRayOrigin();
        float3 direction = q.CommittedObjectRayDirection();
        o[base + 9] = asuint(origin.x);
        o[base + 10] = asuint(origin.y);
        o[base + 11] = asuint(origin.z);
        o[base + 12] = asuint(direction.x);
        o[base + 13] = asuint(direction.y);
        o[base + 14] = asuint(direction.z);
        float3x4 toWorld = q.CommittedObjectToWorld3x4();
        o[base + 15] = asuint(toWorld[0][0]);
        o[base + 16] = asuint(toWorld[0][1]);
        o[base + 17] = asuint(toWorld[0][2]);
        o[base + 18] = asuint(toWorld[0][3]);
        float4x3 toObject = q.CommittedWorldToObject4x3();
        o[base + 19] = asuint(toObject[3][0]);
        o[base + 20] = asuint(toObject[3][1]);
        o[base + 21] = asuint(toObject[3][2]);
    }
    RayQuery<RAY_FLAG_FORCE_OPAQUE> culled = TraceWith<RayQuery<RAY_FLAG_FORCE_OPAQUE> >(ray, RAY_FLAG_CULL_BACK_FACING_TRIANGLES);
    o[base + 22] = Status(culled);
    o[base + 23] = culled.RayFlags();
    o[base + 24] = asuint(culled.RayTMin());
    float3 world = culled.WorldRayOrigin();
    o[base + 25] = asuint(world.x);
    o[base + 26] = asuint(world.y);
    o[base + 27] = asuint(world.z);
}
