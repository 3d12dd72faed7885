// Overload resolution with a vector passed as a matrix of as many components (and back):
// DXC's ScoreCast compares the elements pairwise and sets no flag when they are all equal
// and the counts match, so such a reshape scores 0, like an exact match, and a candidate
// that needs a splat elsewhere loses to it. Inputs v = (1.75, 3.5, -2.25, 2.5), f = 2:
// - a(v, f): a(float2x2, float) scores 0 + 0, a(float4, float4) 0 + splat: the first wins;
//   m = float2x2(v) row by row, 100 + (int)(m._m01 * f) = 100 + 7 = 107
// - b(m, f) with m = float2x2(v): b(float4, float) 0 + 0 beats b(float2x2, float2x2)
//   0 + splat: 200 + (int)(x.z * f) = 200 - 4 = 196 (x = (m._m00, m._m01, m._m10, m._m11))
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[5] = [1.75, 3.5, -2.25, 2.5, 2]
// buffer u1 rw int[2] = 0
// expect u1 = [107, 196]
// peer-bug glslang: ranks the exact shapes above the reshape (C++-like): a(v, f) calls a(float4, float4) (900), b(m, f) b(float2x2, float2x2) (800); Slang 2026.12 does the same
StructuredBuffer<float> F : register(t0);
RWStructuredBuffer<int> o : register(u1);

int a(float2x2 m, float s) { return 100 + (int)(m._m01 * s); }
int a(float4 v, float4 s) { return 900; }
int b(float4 x, float s) { return 200 + (int)(x.z * s); }
int b(float2x2 m, float2x2 s) { return 800; }

[numthreads(1, 1, 1)]
void main() {
    float4 v = float4(F[0], F[1], F[2], F[3]);
    float f = F[4];
    float2x2 m = float2x2(v.x, v.y, v.z, v.w);
    o[0] = a(v, f);
    o[1] = b(m, f);
}
