// A multi-component swizzle of a scalar held in memory splats that scalar: `a.xx` of a
// constant-buffer member, of a structured-buffer element's member and of a groupshared scalar
// (FidelityFX FSR 3's `opticalFlowBlockSize.xx`). Such a swizzle is a value since
// `f.xxxx.y` was fixed (one load, then a splat; before, one load per component through a
// temporary), so this pins the memory forms. Constant buffer: a = 3, b = 5, c = 7, d = 11
// (c0), f = 0.25, g = 8 (c1.xy).
// u2 = [a, a, c, c, 4f, 4f, s[1].x, s[1].x, gs, gs, d, b + a] = [3, 3, 7, 7, 1, 1, 40, 40, 60, 60, 11, 8].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = u32 [3, 5, 7, 11] f32 [0.25, 8.0]
// buffer t1 ro uint[4] = [20, 30, 40, 50]
// buffer u2 rw uint[12] = 0
// expect u2 = [3, 3, 7, 7, 1, 1, 40, 40, 60, 60, 11, 8]
cbuffer C : register(b0) {
    uint a;
    uint b;
    uint c;
    uint d;
    float f;
    float g;
};
struct E {
    uint x;
    uint y;
};
StructuredBuffer<E> s : register(t1);
RWStructuredBuffer<uint> o : register(u2);
groupshared uint gs;

[numthreads(1, 1, 1)]
void main() {
    gs = 60;
    GroupMemoryBarrierWithGroupSync();
    uint2 p = a.xx;
    uint3 q = c.xxx;
    float2 r = f.xx * 4;
    uint2 t = s[1].x.xx;
    uint4 u = gs.xxxx;
    o[0] = p.x;
    o[1] = p.y;
    o[2] = q.y;
    o[3] = q.z;
    o[4] = (uint)r.x;
    o[5] = (uint)r.y;
    o[6] = t.x;
    o[7] = t.y;
    o[8] = u.y;
    o[9] = u.w;
    o[10] = d.rr.g;
    o[11] = b.xx.y + a.xxx.z;
}
