// dot (float and int vectors), cross, length, distance, normalize, reflect.
// dot((1,2,3),(4,-5,6)) = 12; dot(int3(1,2,3), int3(4,5,6)) = 32;
// cross((1,2,3),(4,5,6)) = (-3, 6, -3); length((3,4)) = 5; length((1,2,2)) = 3;
// distance((1,1),(4,5)) = 5; normalize((1,2,2)) = (1/3, 2/3, 2/3);
// reflect(i, n) = i - 2 dot(n, i) n: reflect((1,-1,0), (0,1,0)) = (1,1,±0) (the sign of the
// zero depends on the evaluation order; `~ 2ulp` treats ±0 as equal).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[2] = [1, 2, 3, 0,   4, -5, 6, 0]
// buffer u1 rw float[13] = 0
// buffer u2 rw int[1] = 0
// expect u1 ~ 2ulp = [12,   -3, 6, -3,   5, 3, 5,   0.3333333432674408, 0.6666666865348816, 0.6666666865348816,
//                     1, 1, 0]
// expect u2 = [32]
StructuredBuffer<float4> v : register(t0);   // float4: float3 buffers are structured_vec3_stride
RWStructuredBuffer<float> dst : register(u1);
RWStructuredBuffer<int> idst : register(u2);

[numthreads(1, 1, 1)]
void main() {
    float3 a = v[0].xyz;                   // (1, 2, 3)
    float3 b = v[1].xyz;                   // (4, -5, 6)
    dst[0] = dot(a, b);
    float3 c = cross(a, float3(4, 5, 6));
    dst[1] = c.x; dst[2] = c.y; dst[3] = c.z;
    dst[4] = length(float2(3, a.x + 3));   // (3, 4)
    dst[5] = length(float3(1, 2, a.y));    // (1, 2, 2)
    dst[6] = distance(float2(1, 1), float2(4, a.z + 2));
    float3 n = normalize(float3(a.x, 2, 2));
    dst[7] = n.x; dst[8] = n.y; dst[9] = n.z;
    float3 r = reflect(float3(1, -1, 0), float3(0, a.x, 0));
    dst[10] = r.x; dst[11] = r.y; dst[12] = r.z;
    idst[0] = dot(int3(a), int3(4, 5, 6));
}
