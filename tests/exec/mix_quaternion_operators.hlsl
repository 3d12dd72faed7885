// Quaternion code as animation systems write it in HLSL 2021: a `Quat` struct with
// overloaded `operator*` (Hamilton product), `operator+`, `operator==`, `conjugate()` and
// `norm2()` methods, a static factory `Quat::fromVector`, a `static const Quat` table
// composed in a loop (`total = total * kTable[(t + i) % 6]`), rotation of a vector by
// q v q* / |q|^2, and the rotation repeated through a float3x3 built from the quaternion
// (mul(R, v) must equal it: checked by writing the difference's max component, 0). The
// quaternions have integer components and |q|^2 in {1, 2, 4, 8}: every value is exact.
// Per thread t: rotated v (3), the composed product (4), (q + next).x * (q + next).w,
// q * conj(q) == (0, 0, 0, |q|^2), |q|^2, max |mul(R, v) - rotated|.
// Expected values: tests/exec/mix/models.py (quaternion_operators).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw float[44] = 0
// expect u0 = [-2, 1, 0, 2, 0, 0, -2, 2, 1, 2, 0, 0.5, 2, -2, 4, 0, 0, -4, 3, 1, 4, 0, 1, 2, 3,
//     4, 4, 4, -4, 2, 1, 8, 0, 4, -2, 1.5, 0, 0, 0, -8, 0, 1, 1, 0]
// peer-bug glslang: no operator overloading
RWStructuredBuffer<float> Out : register(u0);

struct Quat {
    float4 v;

    static Quat make(float x, float y, float z, float w) {
        Quat q;
        q.v = float4(x, y, z, w);
        return q;
    }
    static Quat fromVector(float3 p) { return make(p.x, p.y, p.z, 0); }

    Quat operator*(Quat b) {
        float3 a3 = v.xyz, b3 = b.v.xyz;
        Quat r;
        r.v.xyz = v.w * b3 + b.v.w * a3 + cross(a3, b3);
        r.v.w = v.w * b.v.w - dot(a3, b3);
        return r;
    }
    Quat operator+(Quat b) { return make(v.x + b.v.x, v.y + b.v.y, v.z + b.v.z, v.w + b.v.w); }
    bool operator==(Quat b) { return all(v == b.v); }
    Quat conjugate() { return make(-v.x, -v.y, -v.z, v.w); }
    float norm2() { return dot(v, v); }

    float3 rotate(float3 p) {
        Quat r = this * fromVector(p) * conjugate();
        return r.v.xyz / norm2();
    }

    float3x3 toMatrix() {
        float x = v.x, y = v.y, z = v.z, w = v.w;
        float3x3 m = float3x3(w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y),
                              2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x),
                              2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z);
        return m / norm2();
    }
};

static const Quat kTable[6] = {
    { float4(1, 1, 0, 0) }, { float4(1, 1, 1, 1) }, { float4(2, 0, 2, 0) },
    { float4(0, 0, 0, 1) }, { float4(0, 1, 0, 1) }, { float4(1, -1, 1, 1) },
};

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float3 p = float3(t + 1, -2, 0.5 * t);
    Quat q = kTable[t];
    float3 rotated = q.rotate(p);

    Quat total = Quat::make(0, 0, 0, 1);
    for (uint i = 0; i < t + 2; ++i)
        total = total * kTable[(t + i) % 6];

    Quat s = q + kTable[t + 1];
    bool eq = q * q.conjugate() == Quat::make(0, 0, 0, q.norm2());
    float3 viaMatrix = mul(q.toMatrix(), p);
    float3 diff = abs(viaMatrix - rotated);

    float row[11] = { rotated, total.v, s.v.x * s.v.w, eq, q.norm2(), max(diff.x, max(diff.y, diff.z)) };
    for (uint k = 0; k < 11; ++k)
        Out[11 * t + k] = row[k];
}
