// A method of a struct with resource members called without its defaulted parameter takes
// the default (RTXPT's `GetAllRadiance(uint2 pixelPos, bool includeNoisy = true)`).
// U = [3, 0, 0]; scale = 2: Get(0) = 3 * 2 = 6 (noisy defaults to true), Get(0, false) = 3.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[3] = [3, 0, 0]
// expect u0 = [3, 6, 3]
// peer-bug glslang: rejects a `RWStructuredBuffer` struct member ("member type: Expected")
struct Ctx {
    RWStructuredBuffer<float> B;
    float scale;

    float Get(uint i, bool noisy = true) { return noisy ? B[i] * scale : B[i]; }
};

RWStructuredBuffer<float> U : register(u0);

[numthreads(1, 1, 1)]
void main() {
    Ctx c;
    c.B = U;
    c.scale = 2;
    U[1] = c.Get(0);
    U[2] = c.Get(0, false);
}
