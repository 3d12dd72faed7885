// lit(n·l, n·h, m): the specular term is pow(n·h, m), as the HLSL reference gives it and as
// DXC's DXIL back end (TranslateLit, since DXC #1565) and native D3D12 compute it; hlslc
// multiplied (n·h * m, DXC's SPIR-V back end's formula) until vkd3d's shader tests, run as
// an oracle, showed lit(1.2, 2, 3).z = 8 on Windows.
// Inputs are read from a buffer so nothing folds. Hand-derived:
//   lit(0.5, 2, 3)    = (1, 0.5, 2^3 = 8, 1)
//   lit(1, 4, 0.5)    = (1, 1, sqrt(4) = 2, 1)
//   lit(0.25, 3, 0)   = (1, 0.25, 3^0 = 1, 1)      (n·h * m would give 0)
//   lit(2, 0.5, 2)    = (1, 2, 0.25, 1)
//   lit(-1, 2, 3)     = (1, 0, 0, 1)               (n·l < 0: no diffuse, no specular)
//   lit(0.5, -2, 2)   = (1, 0.5, 0, 1)             (n·h < 0: no specular, not pow(-2, 2) = 4)
// pow is exp2(m log2(n·h)) on Vulkan: a relative tolerance of 1e-5 covers its error bound
// here (Vulkan: pow inherits exp2/log2's 3 + 2|x| ulp).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[18] = [0.5, 2, 3,  1, 4, 0.5,  0.25, 3, 0,  2, 0.5, 2,  -1, 2, 3,  0.5, -2, 2]
// buffer u1 rw float[24] = 0
// expect u1 ~ rel 1e-5 = [1, 0.5, 8, 1,   1, 1, 2, 1,   1, 0.25, 1, 1,
//                         1, 2, 0.25, 1,   1, 0, 0, 1,   1, 0.5, 0, 1]
// peer-bug glslang: lit's specular term is n·h * m, not pow(n·h, m)
StructuredBuffer<float> args : register(t0);
RWStructuredBuffer<float> results : register(u1);

[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 6; i++) {
        float4 r = lit(args[i * 3], args[i * 3 + 1], args[i * 3 + 2]);
        results[i * 4] = r.x;
        results[i * 4 + 1] = r.y;
        results[i * 4 + 2] = r.z;
        results[i * 4 + 3] = r.w;
    }
}
