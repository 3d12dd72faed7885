// lit, dst, faceforward and refract. lit as the HLSL reference and DXC's DXIL back end
// compute it (DXC's SPIR-V back end and glslang multiply h * m instead):
//   lit(l, h, m) = (1, l < 0 ? 0 : l, (l < 0 || h < 0) ? 0 : pow(h, m), 1)
// and from the HLSL reference:
//   dst(a, b)    = (1, a.y * b.y, a.z, b.w)
//   faceforward(n, i, ng) = dot(ng, i) < 0 ? n : -n
//   refract(i, n, eta): k = 1 - eta^2 (1 - dot(n, i)^2); k < 0 ? 0 : eta i - (eta dot(n, i) + sqrt(k)) n
// refract((0.6, -0.8, 0), (0, 1, 0), 0.9): k = 0.7084, y = -0.72 - sqrt(0.7084) + 0.72 ...
// computed in Python (f64, rounded to f32): (0.54, -0.841665, 0); with eta 1.5 and
// i = (0.8, -0.6, 0) k < 0 (total internal reflection) gives 0. pow/sqrt allow a few ulp.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[8] = [0.5, 0.5, 2.0, -0.5, 0.6, -0.8, 0.9, 1.5]
// buffer u1 rw float[30] = 0
// expect u1 ~ rel 1e-5 abs 1e-6 = [
//     1, 0.5, 0.25, 1,   1, 0, 0, 1,   1, 0.5, 0, 1,
//     1, 12, 3, 8,
//     -1, -2, -3,   1, 2, 3,
//     0.5400000214576721, -0.8416650295257568, 0,   0, 0, 0,
//     0, 0]
// peer-bug glslang: lit's specular term is n·h * m, not pow(n·h, m)
StructuredBuffer<float> x : register(t0);
RWStructuredBuffer<float> o : register(u1);

void put4(uint at, float4 v) {
    o[at] = v.x;
    o[at + 1] = v.y;
    o[at + 2] = v.z;
    o[at + 3] = v.w;
}

void put3(uint at, float3 v) {
    o[at] = v.x;
    o[at + 1] = v.y;
    o[at + 2] = v.z;
}

[numthreads(1, 1, 1)]
void main() {
    put4(0, lit(x[0], x[1], x[2]));               // (1, 0.5, pow(0.5, 2), 1)
    put4(4, lit(x[3], x[1], x[2]));               // n·l < 0
    put4(8, lit(x[0], x[3], x[2]));               // n·h < 0
    float4 a = float4(1, 2, 3, 4) * (x[0] * 2.0f);
    put4(12, dst(a, a + 4.0f));                   // (1, 2*6, 3, 8)
    float3 n = float3(1, 2, 3) * (x[0] * 2.0f);
    float3 e = float3(x[0] * 2.0f, 0, 0);
    put3(16, faceforward(n, e, e));               // dot = 1 >= 0: -n
    put3(19, faceforward(n, e, -e));              // dot = -1 < 0: n
    float3 up = float3(0, x[0] * 2.0f, 0);
    put3(22, refract(float3(x[4], x[5], 0), up, x[6]));
    put3(25, refract(float3(-x[5], -x[4], 0), up, x[7]));
}
