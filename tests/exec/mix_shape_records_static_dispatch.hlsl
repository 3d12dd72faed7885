// Shape records dispatched the way HLSL code without virtual calls does it (DXC's legacy
// `interface` is left out: it only checks that methods exist, crashes on some uses, and
// HLSL 202x removes it; hlslc rejects it with E0309): shape structs with the same methods,
// `Square` derived from `Rect` (inheriting w, h and area(),
// hiding perimeter() with its own that calls the base's `Rect::perimeter()`), a static
// factory in the derived struct, a function template over the shape type called with each
// (static dispatch), a `switch` on a record's kind building the right struct, and a
// record buffer of `{ uint kind; float3 dims; }` (16-byte stride). Right triangles 3-4-5,
// 5-12-13 and 6-8-10 keep sqrt exact. Per record: area, perimeter, fill(shape, 0.5) =
// area / 2 + perimeter, a kind-specific extra (Rect: w^2 + h^2, Square: diagonal^2,
// triangle: hypotenuse), and the kind; kind 3 is unknown and gives -1s.
// Expected values: tests/exec/mix/models.py (shape_records_static_dispatch).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro = u32 [0] f32 [3, 2, 0] u32 [1] f32 [2.5, 0, 0] u32 [2] f32 [3, 4, 0] u32 [0] f32 [
//     0.5, 8, 0] u32 [2] f32 [5, 12, 0] u32 [1] f32 [4, 0, 0] u32 [2] f32 [6, 8, 0] u32 [3] f32 [1,
//     1, 1]
// buffer u1 rw float[40] = 0
// expect u1 = [6, 10, 13, 13, 0, 6.25, 10, 13.125, 12.5, 1, 6, 12, 15, 5, 2, 4, 17, 19, 64.25,
//     0, 30, 30, 45, 13, 2, 16, 16, 24, 32, 1, 24, 24, 36, 10, 2, -1, -1, -1, -1, 3]
// peer-bug glslang: no static member functions
struct Rect {
    float w;
    float h;

    float area() { return w * h; }
    float perimeter() { return 2 * (w + h); }
    float extra() { return w * w + h * h; }
};

struct Square : Rect {
    static Square make(float s) {
        Square q;
        q.w = s;
        q.h = s;
        return q;
    }
    float perimeter() { return Rect::perimeter() + 0; }
    float extra() { return 2 * w * h; }
};

struct RightTriangle {
    float a;
    float b;

    float hypotenuse() { return sqrt(a * a + b * b); }
    float area() { return a * b / 2; }
    float perimeter() { return a + b + hypotenuse(); }
    float extra() { return hypotenuse(); }
};

template<typename S>
float fill(S s, float cost) {
    return s.area() * cost + s.perimeter();
}

template<typename S>
float4 describe(S s) {
    return float4(s.area(), s.perimeter(), fill(s, 0.5), s.extra());
}

struct Record {
    uint kind;
    float3 dims;
};

StructuredBuffer<Record> Records : register(t0);
RWStructuredBuffer<float> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Record r = Records[i];
    float4 d = -1;
    switch (r.kind) {
    case 0: {
        Rect rect;
        rect.w = r.dims.x;
        rect.h = r.dims.y;
        d = describe(rect);
        break;
    }
    case 1:
        d = describe(Square::make(r.dims.x));
        break;
    case 2: {
        RightTriangle tri = { r.dims.x, r.dims.y };
        d = describe(tri);
        break;
    }
    default:
        break;
    }
    Out[5 * i + 0] = d.x;
    Out[5 * i + 1] = d.y;
    Out[5 * i + 2] = d.z;
    Out[5 * i + 3] = d.w;
    Out[5 * i + 4] = r.kind;
}
