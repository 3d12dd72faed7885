// Overload choice when no candidate is better for every argument: DXC takes the lowest sum
// of argument scores, where one truncated vector outweighs any number of splats, so
// `Step(1.0, 0.0, v)` with a `float4 v` runs the `float4` overload (a * b + x = v), not the
// `float` one (which would truncate `v`: 1 + 0 + v.x). Each overload computes something
// different, so the stored values say which ran. Values by hand, v = (5, 2, 3, 4):
// float4 overload 1 * 0 + v = (5, 2, 3, 4); with v.xy the float2 one, 2 - 1 - (5, 2) =
// (-4, -1); with scalars the float one, 2 + 1 + 5 = 8 and 4 + 1 + 2 = 7.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [5, 2, 3, 4]
// buffer u1 rw float[8] = 0
// expect u1 = [5, 2, 3, 4, -4, -1, 8, 7]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> o : register(u1);
float Step(float a, float b, float x) { return a + b + x; }
float2 Step(float2 a, float2 b, float2 x) { return a - b - x; }
float4 Step(float4 a, float4 b, float4 x) { return a * b + x; }
[numthreads(1,1,1)] void main() {
    float4 v = float4(src[0], src[1], src[2], src[3]);
    float4 r = Step(1.0, 0.0, v);
    float2 s = Step(2.0, 1.0, v.xy);
    o[0] = r.x; o[1] = r.y; o[2] = r.z; o[3] = r.w;
    o[4] = s.x; o[5] = s.y;
    o[6] = Step(2.0, 1.0, v.x);
    o[7] = Step(v.w, 1.0, 2.0);
}
