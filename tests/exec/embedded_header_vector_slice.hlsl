// The headers DXC embeds: `<vector_utils>`'s `hlsl::slice<Offset, Size>(v)` is the `Size`
// components of `v` from `Offset` on and `hlsl::slice<Size>(v)` the first `Size`;
// `<enable_if>`'s `hlsl::enable_if` drops a template whose condition fails from overload
// resolution (here `widen` for 8-byte types, so a `double` argument takes the plain
// overload). Expected values by hand from the input.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro float4[1] = [1.5, 2.5, 3.5, 4.5]
// buffer u1 rw float[8] = 0
// expect u1 = [2.5, 3.5, 1.5, 2.5, 3.5, 4.5, 9.0, 1.0]
// peer-bug glslang: has no embedded `<vector_utils>` or `<enable_if>` header
#include <vector_utils>

StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

template <typename T>
typename hlsl::enable_if<sizeof(T) == 4, T>::type widen(T x) { return x * 2; }
float widen(double x) { return 1.0; }

[numthreads(1, 1, 1)]
void main() {
    float4 v = src[0];
    float2 middle = hlsl::slice<1, 2>(v);
    float3 head = hlsl::slice<3>(v);
    dst[0] = middle.x;
    dst[1] = middle.y;
    dst[2] = head.x;
    dst[3] = head.y;
    dst[4] = head.z;
    dst[5] = hlsl::slice<2, 2>(v).y;
    dst[6] = widen(v.w);
    dst[7] = widen((double)v.w);
}
