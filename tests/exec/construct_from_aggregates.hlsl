// Vector constructors take arrays and structs of numbers, whose elements count in order as
// in an initializer list (`float4(material.base_color_mult)` with a `float[4]` member, as
// DXC accepts); an int array converts element-wise. Expected by hand:
// float4(arr) = (1, 2, 3, 4); float4(p, 8) = (5, 6, 7, 8); float4(arr).wzyx.x = 4;
// float3(ints) = (9, 10, 11) from int[3].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[12] = 0
// expect u0 = [1, 2, 3, 4, 5, 6, 7, 8, 4, 9, 10, 11]
// peer-bug glslang: rejects the flattened struct initializer `P p = { 5, 6, 7 }` ("wrong number of structure members")
struct P { float a; float2 b; };
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
    float arr[4] = { 1, 2, 3, 4 };
    P p = { 5, 6, 7 };
    int ints[3] = { 9, 10, 11 };
    float4 a = float4(arr);
    float4 b = float4(p, 8);
    float3 c = float3(ints);
    for (uint i = 0; i < 4; ++i) {
        Out[i] = a[i];
        Out[4 + i] = b[i];
    }
    Out[8] = float4(arr).wzyx.x;
    Out[9] = c.x;
    Out[10] = c.y;
    Out[11] = c.z;
}
