// Sphere tracing a signed-distance scene, written with the small structs and helpers such
// shaders use: `Ray` with a method `at(t)`, a `Candidate { float d; uint id; }` chosen by a
// helper with early `return`s (DXC's `?:` takes no struct operands), a box SDF built from
// `abs`, `max`, `min` and `length` of vectors, a `[loop]` with `break` on a hit and on
// leaving the scene, `out` results in a `Hit` struct, and a `static const` ray table read
// with the thread index. The rays run along the axes through the primitives' centres, so
// every hit is exact (e.g. ray 0 from the origin along +z: the radius-2 sphere at x 4 is
// nearest first (2), then the sphere at z 5 (2 again), a hit at t = 4 in 3 steps); the
// missing ray +y accumulates irrational distances, hence abs 1e-4 (f32 sqrt, Vulkan's
// 3 ulp)
// Per ray: hit, primitive id (1 sphere at z 5, 2 sphere of radius 2 at x 4, 3 unit box
// at y -6), t, steps, hit point (0s on a miss).
// Expected values: tests/exec/mix/models.py (sdf_sphere_trace).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[56] = 0
// expect u0 ~ abs 1e-4 = [1, 1, 4, 3, 0, 0, 4, 1, 2, 2, 2, 2, 0, 0, 1, 3, 5, 4, 0, -5, 0, 0, 0,
//     30.1793703, 5, 0, 0, 0, 1, 1, 7, 4, 0, 0, 4, 1, 2, 4, 2, 6, 0, 0, 1, 3, 3, 2, 0, -7, 0,
//     1, 2, 3, 2, 4, 2, 0]
// peer-bug glslang: does not flatten a vector into a brace initializer of a float array (initializer_flatten)
RWStructuredBuffer<float> Out : register(u0);

struct Ray {
    float3 origin;
    float3 dir;

    float3 at(float t) { return origin + dir * t; }
};

struct Candidate {
    float d;
    uint id;
};

struct Hit {
    bool hit;
    uint id;
    float t;
    uint steps;
};

Candidate closer(Candidate a, Candidate b) {
    if (b.d < a.d)
        return b;
    return a;
}

float sdSphere(float3 p, float3 c, float r) { return length(p - c) - r; }

float sdBox(float3 p, float3 c, float3 halfExtent) {
    float3 q = abs(p - c) - halfExtent;
    return length(max(q, 0)) + min(max(q.x, max(q.y, q.z)), 0);
}

Candidate scene(float3 p) {
    Candidate best = { sdSphere(p, float3(0, 0, 5), 1), 1 };
    Candidate b = { sdSphere(p, float3(4, 0, 0), 2), 2 };
    best = closer(best, b);
    Candidate c = { sdBox(p, float3(0, -6, 0), 1), 3 };
    return closer(best, c);
}

void march(Ray r, out Hit h) {
    h = (Hit)0;
    [loop]
    for (uint i = 0; i < 32; ++i) {
        Candidate c = scene(r.at(h.t));
        h.steps++;
        if (c.d < 0.001) {
            h.hit = true;
            h.id = c.id;
            break;
        }
        h.t += c.d;
        if (h.t > 20)
            break;
    }
}

static const Ray kRays[8] = {
    { float3(0, 0, 0), float3(0, 0, 1) }, { float3(0, 0, 0), float3(1, 0, 0) },
    { float3(0, 0, 0), float3(0, -1, 0) }, { float3(0, 0, 0), float3(0, 1, 0) },
    { float3(0, 0, -3), float3(0, 0, 1) }, { float3(10, 0, 0), float3(-1, 0, 0) },
    { float3(0, -10, 0), float3(0, 1, 0) }, { float3(4, 5, 0), float3(0, -1, 0) },
};

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Ray r = kRays[i];
    Hit h;
    march(r, h);
    float3 p = h.hit ? r.at(h.t) : 0;
    float row[7] = { h.hit, h.id, h.t, h.steps, p };
    for (uint k = 0; k < 7; ++k)
        Out[7 * i + k] = row[k];
}
