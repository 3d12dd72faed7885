// HLSL brace initialisers are flattened: the scalars of the list fill the target's
// components in order, whatever the braces say. float2x2 m = {1, 2, 3, 4} is [[1,2],[3,4]];
// uint a[2][2] = {1, 2, 3, 4}; a struct {float2 p; uint n;} from {5, 6, 7}; and a float4
// taken apart into two float2 array elements: float2 v[2] = {float4(8, 9, 10, 11)}.
// peer-bug glslang: rejects flattened initialisers for nested arrays and structs ("cannot convert parameter 3 from const int to 2-element array of uint")
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [1]
// buffer u1 rw float[8] = 0
// expect u1 = [3, 4, 5, 6, 7, 11, 10, 2]
struct P {
    float2 p;
    uint n;
};
StructuredBuffer<uint> idx : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint j = idx[0];
    uint a[2][2] = { 1, 2, 3, 4 };
    dst[0] = a[j][0];                 // 3
    dst[1] = a[j][1];                 // 4
    P s = { 5, 6, 7 };
    dst[2] = s.p.x;
    dst[3] = s.p.y;
    dst[4] = s.n;
    float2 v[2] = { float4(8, 9, 10, 11) };
    dst[5] = v[j].y;                  // 11
    dst[6] = v[j].x;                  // 10
    float2x2 m = { 1, 2, 3, 4 };
    dst[7] = m[0][j];                 // 2
}
