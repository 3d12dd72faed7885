// Declarations inside a cbuffer, taken as DXC takes them: a member in a namespace declared
// inside it (`N::k`, a float after the float4 `a`: c1.x, byte 16), a struct declared with a
// declarator (`s`, a struct member: starts a register, c2; `p` at 32, `q` at 40), a function
// defined inside it reading its members, and the struct type used outside it.
// Expected: sum_a() = 1+2+3+4 = 10; N::k = 5; s.p.x + s.p.y = 6+7 = 13; s.q = 8; a local `S`
// with p = (1, 2), q = 0.5 gives q + p.y = 2.5.
// layout Params: a=0 k=16 s=32 s.p=32 s.q=40
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = f32 [1, 2, 3, 4,  5, 0, 0, 0,  6, 7, 8, 0]
// buffer u1 rw float[5] = 0
// expect u1 = [10, 5, 13, 8, 2.5]
// peer-bug glslang: rejects a function or a namespace declared inside a cbuffer
cbuffer Params : register(b0) {
    float4 a;
    namespace N {
        float k;
    }
    struct S {
        float2 p;
        float q;
    } s;
    float sum_a() { return a.x + a.y + a.z + a.w; }
};
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = sum_a();
    dst[1] = N::k;
    dst[2] = s.p.x + s.p.y;
    dst[3] = s.q;
    S t;
    t.p = float2(1, 2);
    t.q = 0.5;
    dst[4] = t.q + t.p.y;
}
