// `operator[]` on a user struct (HLSL 2021): `v[i]` calls the method, with a constant or a
// run-time index, also on a struct inside an array element.
// Scaled { values = (1, 2, 3, 4), k = 10 }: v[0] = 10, v[3] = 40, v[i] for i = 2 (from the
// buffer) = 30; pairs[1][1] = (5, 6)[1] * 10 = 60.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [2]
// buffer u1 rw float[4] = 0
// expect u1 = [10, 40, 30, 60]
// peer-bug glslang: no operator overloading
struct Scaled {
    float4 values;
    float k;
    float operator[](uint i) { return values[i] * k; }
};

StructuredBuffer<uint> index : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Scaled v = { float4(1, 2, 3, 4), 10 };
    o[0] = v[0];
    o[1] = v[3];
    o[2] = v[index[0]];
    Scaled pairs[2] = { { float4(0, 0, 0, 0), 1 }, { float4(5, 6, 7, 8), 10 } };
    o[3] = pairs[1][1];
}
