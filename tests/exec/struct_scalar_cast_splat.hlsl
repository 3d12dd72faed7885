// A scalar cast to a struct type (`(T)0`, `(T)2.75`, `(T)-1`) converts the scalar to every
// element of every member, nested arrays and matrices included (DXC's flat conversion):
// T { int i; float f; uint2 u; bool b; float2x2 m; float a[2]; Inner n; } with
// Inner { int k[2]; half h; } (half is float without -enable-16bit-types). By hand:
//   (T)0: all 0, b false;  (T)2.75: i = 2 (truncation), f = 2.75, u = (2, 2), b = true,
//   m = 2.75 everywhere, a = 2.75, n.k = 2, n.h = 2.75;  (T)-1: u = 0xFFFFFFFF, i = -1, b = true
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[1] = [2.75]
// buffer u1 rw uint[20] = 0
// expect u1 = [0, 0, 0, 0,  2, 0x40300000, 2, 2, 1, 0x40300000, 0x40300000, 0x40300000, 2, 0x40300000,
//              0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 1, 0xBF800000, 0xFFFFFFFF]
struct Inner {
    int k[2];
    half h;
};
struct T {
    int i;
    float f;
    uint2 u;
    bool b;
    float2x2 m;
    float a[2];
    Inner n;
};

StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    T z = (T)0;
    o[0] = z.i + z.u.y + z.n.k[1];
    o[1] = asuint(z.f + z.m._m11 + z.a[1] + z.n.h);
    o[2] = z.b ? 1 : 0;
    o[3] = asuint(z.m[1][0]);
    T s = (T)src[0];
    o[4] = s.i;
    o[5] = asuint(s.f);
    o[6] = s.u.x; o[7] = s.u.y;
    o[8] = s.b ? 1 : 0;
    o[9] = asuint(s.m._m10);
    o[10] = asuint(s.a[1]);
    o[11] = asuint(s.m[0][1]);
    o[12] = s.n.k[0];
    o[13] = asuint((float)s.n.h);
    T n = (T)-1;
    o[14] = n.u.x; o[15] = n.u.y; o[16] = (uint)n.i;
    o[17] = n.b ? 1 : 0;
    o[18] = asuint(n.a[0]);
    o[19] = (uint)n.n.k[1];
}
