// A swizzled compound assignment whose right-hand side reads the components it writes:
// HLSL evaluates the whole right-hand side (and the old value of the left) before storing,
// so there is no partial update. Values by hand from v = (1, 2, 3, 4):
//   v.xy += v.yx        → x = 1 + 2, y = 2 + 1                      → (3, 3, 3, 4)
//   w.yzw = w.xyz       → a shift by one component                   → (1, 1, 2, 3)
//   u.xz *= u.zx        → x = 1 * 3, z = 3 * 1; then u = u.wzyx      → (4, 3, 2, 3)
//   p.a.zyx = p.a * 2   → through a struct member: z = 2, y = 4, x = 6 → (6, 4, 2, 0)
//   t.wx = t.xw - t.wx  → (1 - 4, 4 - 1): w = -3, x = 3             → (3, 2, 3, -3)
//   o[5].zw -= o[5].xy * 10 on a buffer element (1, 2, 3, 4)          → (1, 2, -7, -16)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[1] = [1, 2, 3, 4]
// buffer u1 rw float4[6] = 0
// expect u1 = [3, 3, 3, 4,  1, 1, 2, 3,  4, 3, 2, 3,  6, 4, 2, 0,  3, 2, 3, -3,  1, 2, -7, -16]
StructuredBuffer<float4> src : register(t0);
RWStructuredBuffer<float4> o : register(u1);

struct P { float3 a; };

[numthreads(1, 1, 1)]
void main() {
    float4 v = src[0];
    v.xy += v.yx;
    o[0] = v;
    float4 w = src[0];
    w.yzw = w.xyz;
    o[1] = w;
    float4 u = src[0];
    u.xz *= u.zx;
    u = u.wzyx;
    o[2] = u;
    P p;
    p.a = src[0].xyz;
    p.a.zyx = p.a * 2;
    o[3] = float4(p.a, 0);
    float4 t = src[0];
    t.wx = t.xw - t.wx;
    o[4] = t;
    o[5] = src[0];
    o[5].zw -= o[5].xy * 10;
}
