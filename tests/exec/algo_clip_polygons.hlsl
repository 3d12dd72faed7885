// Sutherland-Hodgman clipping of 8 triangles against the box [0, 4]^2: a struct Polygon
// {float2 v[8]; uint count;} built by a function returning it, clipped in place by a
// helper taking it inout once per box edge (a local Polygon filled with
// outp.v[outp.count++] = ..., then assigned back whole), components picked with a dynamic
// vector index (a[axis]), ternaries on the keep side, and the shoelace area of the result.
// Output per triangle: vertex count, area, up to 8 vertices (zero-filled).
// Tolerance 1e-4 absolute: coordinates <= 6 and areas <= 16 in f32, one division (2.5 ulp)
// per new vertex; exact-in-binary cases stay exact, so the inclusion tests cannot flip.
// Expected values: tests/exec/algo/models.py (clip_polygons, the same steps in f32).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw float[144] = 0
// buffer t0 ro float2[24] = [1, 1, 3, 1, 2, 3, -1, -1, 5, 0, 2, 5,
//     -2, 2, 6, 2, 2, 6, 5, 5, 6, 5, 5, 6,
//     0, 0, 4, 0, 0, 4, -1, 3, 3, -1, 6, 6,
//     2, -2, 6, 2, 2, 6, 1, 2, 5, 3, -1, 5]
// expect u1 ~ abs 1e-4 = [3, 2, 1, 1, 3, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     6, 12.116667, 4, 0, 4, 1.6666667, 2.6, 4, 1.5, 4, 0, 1, 0, 0, 0, 0, 0, 0,
//     6, 8, 0, 2, 4, 2, 4, 4, 4, 4, 0, 4, 0, 4, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     3, 8, 0, 0, 4, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     7, 13.238095, 0, 2, 2, 0, 3.4285715, 0, 4, 1.3333335, 4, 4, 1.3333333, 4, 0, 3.4285715, 0, 0,
//     6, 8, 4, 0, 4, 0, 4, 4, 4, 4, 2, 4, 2, 0, 0, 0, 0, 0,
//     6, 5.458333, 1, 2, 4, 2.75, 4, 3.3333333, 1.9999995, 4, 0, 4, 0, 3.5, 0, 0, 0, 0]
StructuredBuffer<float2> Triangles : register(t0);
RWStructuredBuffer<float> Out : register(u1);

struct Polygon {
    float2 v[8];
    uint count;
};

Polygon makeTriangle(float2 a, float2 b, float2 c) {
    Polygon p;
    p.v[0] = a;
    p.v[1] = b;
    p.v[2] = c;
    p.count = 3;
    return p;
}

void clipEdge(inout Polygon poly, uint axis, float bound, bool keepLess) {
    Polygon outp;
    outp.count = 0;
    for (uint i = 0; i < poly.count; ++i) {
        float2 a = poly.v[i];
        float2 b = poly.v[(i + 1) % poly.count];
        bool ina = keepLess ? a[axis] <= bound : a[axis] >= bound;
        bool inb = keepLess ? b[axis] <= bound : b[axis] >= bound;
        if (ina)
            outp.v[outp.count++] = a;
        if (ina != inb) {
            float t = (bound - a[axis]) / (b[axis] - a[axis]);
            outp.v[outp.count++] = a + (b - a) * t;
        }
    }
    poly = outp;
}

float area(Polygon p) {
    float sum = 0;
    for (uint i = 0; i < p.count; ++i) {
        float2 a = p.v[i];
        float2 b = p.v[(i + 1) % p.count];
        sum += a.x * b.y - b.x * a.y;
    }
    return abs(sum) * 0.5;
}

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Polygon poly = makeTriangle(Triangles[i * 3], Triangles[i * 3 + 1], Triangles[i * 3 + 2]);
    clipEdge(poly, 0, 0.0, false);
    clipEdge(poly, 0, 4.0, true);
    clipEdge(poly, 1, 0.0, false);
    clipEdge(poly, 1, 4.0, true);
    uint base = i * 18;
    Out[base] = poly.count;
    Out[base + 1] = area(poly);
    for (uint k = 0; k < 8; ++k) {
        float2 v = k < poly.count ? poly.v[k] : float2(0, 0);
        Out[base + 2 + 2 * k] = v.x;
        Out[base + 3 + 2 * k] = v.y;
    }
}
