// A user function named like an intrinsic is called only where the intrinsic does not take the
// arguments. DXC's overload resolution asks SemaHLSL's AddOverloadedCallCandidates first; once
// an intrinsic of that name and argument count matches (MatchArguments), it is the only
// candidate and the user's functions of that name are not added (SemaOverload.cpp,
// Sema::AddOverloadedCallCandidates returns early). So the float2 `max` below never runs for
// scalar or float2 arguments, while the two-argument `clamp` and `lerp`, which no intrinsic
// takes, are the user's.
// Inputs a = 0.5, b = 0.25, c = 2, d = 4 (exact in binary):
//   [0] max(a, b)                               intrinsic: 0.5        (user: a + b = 0.75)
//   [1] max(float2(a, d), float2(b, c)).x       intrinsic: 0.5        (user: 0.75)
//   [2] max(float2(a, d), float2(b, c)).y       intrinsic: 4          (user: 6)
//   [3] clamp((int)c, 3)                        user: 2 < 3 so 3 * 10 = 30
//   [4] lerp(float4(a, b, c, d), float4(d, c, b, a)).x   user: a * d = 2
//   [5] lerp(a, c, 0.25)                        intrinsic: 0.5 + 1.5 * 0.25 = 0.875
//   [6] max(b, float2(c, a)).y                  intrinsic (b splat): max(0.25, 0.5) = 0.5
//   [7] clamp(d, a, c)                          intrinsic: 2
//   [8] select(true, P(a), P(c)).v              user: its own select takes the third argument,
//                                                2 (DXC's select takes numeric values or samplers,
//                                                not structs, so the intrinsic does not match)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [0.5, 0.25, 2, 4]
// buffer u1 rw float[9] = 0
// expect u1 = [0.5, 0.5, 4, 30, 2, 0.875, 0.5, 2, 2]
// peer-bug glslang: a user function with the intrinsic's exact parameter types wins over the intrinsic (max of two float2 gives their sum)
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);

float2 max(float2 x, float2 y) { return x + y; }
int clamp(int x, int lo) { return x < lo ? lo * 10 : x; }
float4 lerp(float4 x, float4 y) { return x * y; }
struct P { float v; };
P select(bool c, P x, P y) { return y; }
P make(float v) { P p; p.v = v; return p; }

[numthreads(1, 1, 1)]
void main() {
  float a = src[0], b = src[1], c = src[2], d = src[3];
  dst[0] = max(a, b);
  float2 m = max(float2(a, d), float2(b, c));
  dst[1] = m.x;
  dst[2] = m.y;
  dst[3] = clamp((int)c, 3);
  dst[4] = lerp(float4(a, b, c, d), float4(d, c, b, a)).x;
  dst[5] = lerp(a, c, 0.25);
  dst[6] = max(b, float2(c, a)).y;
  dst[7] = clamp(d, a, c);
  dst[8] = select(true, make(a), make(c)).v;
}
