// `BuiltInTrianglePositions` is DXC's built-in struct of a triangle's three object-space
// vertices (`float3 p0, p1, p2`, in that order), declared in every shader model: a local of it
// is written and read field by field, and copied whole. Hand-derived: p0 = (1, 2, 3),
// p1 = (4, 5, 6), p2 = (7, 8, 9); the copy's centroid (p0 + p1 + p2) / 3 = (4, 5, 6); its edge
// p1 - p0 = (3, 3, 3); p2.z = 9.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[7] = 0
// expect u0 = [4, 5, 6, 3, 3, 3, 9]
// peer-bug glslang: has no `BuiltInTrianglePositions`
RWStructuredBuffer<float> o : register(u0);

BuiltInTrianglePositions make(float first) {
    BuiltInTrianglePositions t;
    t.p0 = float3(first, first + 1, first + 2);
    t.p1 = t.p0 + 3;
    t.p2 = t.p1 + 3;
    return t;
}

[numthreads(1, 1, 1)]
void main() {
    BuiltInTrianglePositions t = make(1);
    BuiltInTrianglePositions copy = t;
    float3 mid = (copy.p0 + copy.p1 + copy.p2) / 3;
    float3 edge = copy.p1 - copy.p0;
    o[0] = mid.x;
    o[1] = mid.y;
    o[2] = mid.z;
    o[3] = edge.x;
    o[4] = edge.y;
    o[5] = edge.z;
    o[6] = copy.p2.z;
}
