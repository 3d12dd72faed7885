// A ray-tracing pipeline on a GPU (tests/raytracing_device.rs): one ray per launch index of a
// GRID x GRID grid, from the plane z = -10 along +z (tilted a little), as in
// exec_device/rayquery/trace.hlsl. Each launch writes WORDS words:
// - 0..28: a trace with instance mask 0x01 (the two triangle instances), hit group 0
//   (closest hit + any hit) and miss shader 0; the any-hit shader ignores primitive 2 and
//   counts its invocations in the payload;
// - 29..36: a trace with mask 0x02 (the AABB instance), SBT offset 1 (hit group 1:
//   intersection + closest hit, a sphere reported with hit kind 5 and its normal as
//   attributes) and miss index 1;
// - 37: `CallShader(0, …)` on the launch index;
// - 38, 39: what the triangle closest-hit shader read from its shader record;
// - 40..43: a trace with SBT offset 2 (hit group 2), whose any-hit shader counts itself and
//   calls `AcceptHitAndEndSearch()` (through a helper) on the first candidate: status, t,
//   primitive, count.
#define GRID 32
#define WORDS 44
#define SPHERE_RADIUS 1.5

struct Payload {
    uint status;
    float t;
    uint instance;
    uint id;
    uint primitive;
    uint geometry;
    float2 bary;
    uint front;
    float3 objectOrigin;
    float3 objectDirection;
    float4 toWorldRow0;
    float3 toObjectTranslation;
    uint flags;
    float tmin;
    float3 worldOrigin;
    uint anyHits;
    uint miss;
    uint hitKind;
    float3 normal;
    float2 record;
};

struct HitRecord { float4 tint; uint index; float scale; };
[[vk::shader_record_ext]] ConstantBuffer<HitRecord> hitRecord;

struct SphereAttributes { float3 normal; };
struct Callable { uint value; };

[[vk::binding(0, 0)]] RaytracingAccelerationStructure scene : register(t0);
[[vk::binding(1, 0)]] RWStructuredBuffer<uint> o : register(u0);

RayDesc GridRay(uint2 cell) {
    RayDesc ray;
    ray.Origin = float3(-4.0 + 8.0 * (cell.x + 0.37) / GRID, -4.0 + 8.0 * (cell.y + 0.61) / GRID, -10.0);
    ray.Direction = normalize(float3(0.01 * cell.x, -0.02, 1.0));
    ray.TMin = 0.5;
    ray.TMax = 100.0;
    return ray;
}

void Put(uint base, uint i, uint v) { o[base + i] = v; }
void PutF(uint base, uint i, float v) { o[base + i] = asuint(v); }

[shader("raygeneration")]
void RayGen() {
    uint2 cell = DispatchRaysIndex().xy;
    uint base = (cell.y * DispatchRaysDimensions().x + cell.x) * WORDS;
    RayDesc ray = GridRay(cell);
    Payload p = (Payload)0;
    TraceRay(scene, RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES, 0x01, 0, 1, 0, ray, p);
    Put(base, 0, p.status);
    PutF(base, 1, p.t);
    Put(base, 2, p.instance);
    Put(base, 3, p.id);
    Put(base, 4, p.primitive);
    Put(base, 5, p.geometry);
    PutF(base, 6, p.bary.x);
    PutF(base, 7, p.bary.y);
    Put(base, 8, p.front);
    for (uint k = 0; k < 3; k++) {
        PutF(base, 9 + k, p.objectOrigin[k]);
        PutF(base, 12 + k, p.objectDirection[k]);
        PutF(base, 19 + k, p.toObjectTranslation[k]);
        PutF(base, 24 + k, p.worldOrigin[k]);
    }
    for (uint j = 0; j < 4; j++)
        PutF(base, 15 + j, p.toWorldRow0[j]);
    Put(base, 22, p.flags);
    PutF(base, 23, p.tmin);
    Put(base, 27, p.anyHits);
    Put(base, 28, p.miss);
    PutF(base, 38, p.record.x);
    PutF(base, 39, p.record.y);

    Payload q = (Payload)0;
    TraceRay(scene, RAY_FLAG_FORCE_OPAQUE, 0x02, 1, 1, 1, ray, q);
    Put(base, 29, q.status);
    PutF(base, 30, q.t);
    Put(base, 31, q.hitKind);
    PutF(base, 32, q.normal.x);
    PutF(base, 33, q.normal.y);
    PutF(base, 34, q.normal.z);
    Put(base, 35, q.miss);
    Put(base, 36, q.instance);

    Payload first = (Payload)0;
    TraceRay(scene, RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES, 0x01, 2, 1, 0, ray, first);
    Put(base, 40, first.status);
    PutF(base, 41, first.t);
    Put(base, 42, first.primitive);
    Put(base, 43, first.anyHits);

    Callable c;
    c.value = cell.x + GRID * cell.y;
    CallShader(0, c);
    Put(base, 37, c.value);
}

[shader("miss")]
void Miss(inout Payload p) {
    p.status = 0;
    p.miss = 100;
    p.flags = RayFlags();
    p.tmin = RayTMin();
    p.worldOrigin = WorldRayOrigin();
}

[shader("miss")]
void MissProcedural(inout Payload p) {
    p.status = 0;
    p.miss = 200 + (RayTCurrent() == 100.0 ? 1 : 0);
}

[shader("closesthit")]
void ClosestHit(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    p.status = 1;
    p.t = RayTCurrent();
    p.instance = InstanceIndex();
    p.id = InstanceID();
    p.primitive = PrimitiveIndex();
    p.geometry = GeometryIndex();
    p.bary = attr.barycentrics;
    p.front = HitKind() == HIT_KIND_TRIANGLE_FRONT_FACE ? 1 : 0;
    p.objectOrigin = ObjectRayOrigin();
    p.objectDirection = ObjectRayDirection();
    p.toWorldRow0 = ObjectToWorld3x4()[0];
    p.toObjectTranslation = WorldToObject4x3()[3];
    p.flags = RayFlags();
    p.tmin = RayTMin();
    p.worldOrigin = WorldRayOrigin();
    p.record = float2(hitRecord.index + hitRecord.scale * hitRecord.tint.w, hitRecord.tint.y);
}

[shader("anyhit")]
void AnyHit(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    p.anyHits += 1;
    if (PrimitiveIndex() == 2)
        IgnoreHit();
}

void Accept() { AcceptHitAndEndSearch(); }

[shader("anyhit")]
void AnyHitFirst(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    p.anyHits += 1;
    Accept();
    // Never runs: `AcceptHitAndEndSearch` ends the invocation, even from a helper.
    p.anyHits += 100;
}

[shader("closesthit")]
void ClosestHitFirst(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    p.status = 3;
    p.t = RayTCurrent();
    p.primitive = PrimitiveIndex();
}

[shader("intersection")]
void Sphere() {
    // The sphere at the AABB's centre (the object-space origin).
    float3 origin = ObjectRayOrigin();
    float3 direction = ObjectRayDirection();
    float a = dot(direction, direction);
    float b = dot(origin, direction);
    float c = dot(origin, origin) - SPHERE_RADIUS * SPHERE_RADIUS;
    float disc = b * b - a * c;
    if (disc < 0.0)
        return;
    float t = (-b - sqrt(disc)) / a;
    if (t >= RayTMin() && t <= RayTCurrent()) {
        SphereAttributes attr;
        attr.normal = (origin + t * direction) / SPHERE_RADIUS;
        ReportHit(t, 5, attr);
    }
}

[shader("closesthit")]
void ClosestHitProcedural(inout Payload p, in SphereAttributes attr) {
    p.status = 2;
    p.t = RayTCurrent();
    p.hitKind = HitKind();
    p.normal = attr.normal;
    p.instance = InstanceIndex();
}

[shader("callable")]
void Double(inout Callable c) {
    c.value = c.value * 2 + 1;
}
