// Engine code names things `center`, `sample`, `vertices`, `indices`, `primitives`,
// `payload` and `precise`: DXC keeps these keywords (interpolation, mesh-shader and
// precision modifiers) usable as identifiers wherever they cannot be modifiers
// (ParseDecl.cpp: after a declaration's type, when a punctuator follows; ParseExpr.cpp and
// ParseStmt.cpp: at the start of an expression or statement; after `.` as a field name).
// Here they are struct fields, locals, a function, a method, parameters and loop counters,
// read and written in expressions and compound statements. (`uniform`, `point`, `line`
// stay reserved after a type in DXC: err_hlsl_modifier_after_type.)
// Per thread t, x = t + 1: vertices (x-1, 0, 0), (x+1, 2, 0), (x-1, 4, 2), (x+1, 2, 2) →
// center = their mean (x, 2, 1); radius^2 = max |v - center|^2 = max(6, 2, 6, 2) = 6;
// sample = sum of center.x * k for k < 4 = 6x; indices = 3 * 4 = 12, primitives = 4,
// payload = 16, precise = radius^2 + payload = 22. Row: center, radius^2, sample, indices,
// primitives, precise.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[32] = 0
// expect u0 = [1, 2, 1, 6, 6, 12, 4, 22,  2, 2, 1, 6, 12, 12, 4, 22,
//              3, 2, 1, 6, 18, 12, 4, 22,  4, 2, 1, 6, 24, 12, 4, 22]
// peer-bug glslang: does not accept `sample` as a variable name (DXC does where a punctuator follows)
RWStructuredBuffer<float> Out : register(u0);

struct Sphere {
    float3 center;
    float radius2;

    float sample(float k) { return center.x * k; }
};

float3 centerOf(float3 vertices[4]) {
    float3 center = 0;
    for (uint i = 0; i < 4; ++i)
        center += vertices[i];
    return center / 4;
}

Sphere bound(float3 vertices[4], out uint indices, out uint primitives) {
    Sphere s;
    s.center = centerOf(vertices);
    s.radius2 = 0;
    indices = 0;
    primitives = 0;
    for (uint i = 0; i < 4; ++i) {
        float3 d = vertices[i] - s.center;
        s.radius2 = max(s.radius2, dot(d, d));
        indices += 3;
        primitives++;
    }
    return s;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float x = t + 1;
    float3 vertices[4] = { float3(x - 1, 0, 0), float3(x + 1, 2, 0), float3(x - 1, 4, 2), float3(x + 1, 2, 2) };
    uint indices, primitives;
    Sphere s = bound(vertices, indices, primitives);
    float3 center = s.center;
    float sample = 0;
    for (int k = 0; k < 4; ++k)
        sample += s.sample(k);
    uint payload = indices + primitives;
    float precise = s.radius2 + payload;
    float row[8] = { center, s.radius2, sample, indices, primitives, precise };
    for (uint i = 0; i < 8; ++i)
        Out[8 * t + i] = row[i];
}
