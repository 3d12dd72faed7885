// SM 6.6 derivatives and implicit-LOD sampling in a compute shader (SPIR-V's compute-shader
// derivatives, on 2x2 quads of the thread group as DXC chooses for even X and Y sizes). A 4x2
// group computes f = 2 x + 5 y + 0.5 from its thread id (x, y); within every 2x2 quad
// ddx(f) = 2 and ddy(f) = 5 (coarse and fine alike: f is linear), fwidth(f) = 7, and the
// coarse ddx of x*x in the quad starting at x0 is (x0 + 1)^2 - x0^2 = 2 x0 + 1 (1 for x in
// {0, 1}, 5 for x in {2, 3}). Sampling a 4x4 texture with 3 levels (10, 20, 30: one value
// per level) at uv = (x, y) / 2 moves 2 texels of level 0 per thread: level 1 (20); with a
// bias of 1, level 2 (30). Thread (x, y) writes its 7 values at 7 (4 y + x).
// Needs a driver with VK_KHR_compute_shader_derivatives (lavapipe from Mesa 25; Mesa 22.3's
// lavapipe lacks it and forms its quads from consecutive invocations, so ddy reads 4).
// exec: -T cs_6_6 -E main dispatch 1 1 1
// texture t1 sampled 2d r32float 4x4 mips 3 = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,  20, 20, 20, 20,  30]
// sampler s2 point mip point clamp
// buffer u0 rw float[56] = 0
// expect u0 = [2, 5, 7, 2, 1, 20, 30,   2, 5, 7, 2, 1, 20, 30,   2, 5, 7, 2, 5, 20, 30,   2, 5, 7, 2, 5, 20, 30,
//              2, 5, 7, 2, 1, 20, 30,   2, 5, 7, 2, 1, 20, 30,   2, 5, 7, 2, 5, 20, 30,   2, 5, 7, 2, 5, 20, 30]
// xfail hlslc-wgsl: compute-shader derivatives cannot be expressed in WGSL (E0618)
// peer-bug glslang: writes compute-shader derivatives without a derivative group mode, and a biased sample as an explicit-LOD one (invalid SPIR-V)
RWStructuredBuffer<float> o : register(u0);
Texture2D<float> levels : register(t1);
SamplerState pointSampler : register(s2);

[numthreads(4, 2, 1)]
void main(uint3 id : SV_GroupThreadID) {
    float f = 2.0 * id.x + 5.0 * id.y + 0.5;
    float sq = float(id.x * id.x);
    uint at = 7 * (4 * id.y + id.x);
    o[at + 0] = ddx(f);
    o[at + 1] = ddy(f);
    o[at + 2] = fwidth(f);
    o[at + 3] = ddx_fine(f);
    o[at + 4] = ddx_coarse(sq);
    float2 uv = float2(id.xy) / 2.0;
    o[at + 5] = levels.Sample(pointSampler, uv);
    o[at + 6] = levels.SampleBias(pointSampler, uv, 1.0);
}
