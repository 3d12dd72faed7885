// Forward shading of 16 surface points in a compute shader: a cbuffer holding an array of
// Light structs (float3 + float + float3 + uint: 32 bytes, two registers each), a light
// count packed right after the array and a float3 ambient after that (offsets 96 and
// 100); a loop over the lights copying lights[l] (dynamic index) into a local, `continue`
// for switched-off lights, and the usual intrinsics: length, normalize, dot, saturate, pow
// for a Blinn-Phong specular (exponent 16), vector * scalar accumulation.
// Tolerance: relative 1e-3 (absolute 1e-4 near 0): normalize/rsqrt are 2 ulp, division
// 2.5 ulp, pow = exp2(16 log2 x) amplifies log2's 2^-21 absolute error 16-fold: all below
// 1e-5 relative; the model uses the exact normals before rounding to f32.
// Expected values: tests/exec/algo/models.py (lighting, in double).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw float4[16] = 0
// peer-bug glslang: std430 stride for StructuredBuffer<float3>: 16, not 12 (see structured_vec3_stride), so positions and normals are read from the wrong offsets
// cbuffer b0 = f32 [0, 4, 2, 8, 1, 0.9, 0.8] u32 [1] f32 [3, 1, -1, 5, 0.2, 0.4, 1] u32 [1] f32 [-2, 2, 3, 6, 0.5,
//     1, 0.25] u32 [0] u32 [3] f32 [0.05, 0.1, 0.15]
// buffer t1 ro float3[32] = [-1.5, 0, -1.5, -0.23570226, 0.94280905, -0.23570226, -0.5, 0, -1.5, 0, 0.99227786, -0.12403473,
//     0.5, 0, -1.5, 0.24253562, 0.9701425, 0, 1.5, 0, -1.5, -0.24077171, 0.96308684, 0.120385855,
//     -1.5, 0, -0.5, 0, 0.9701425, 0.24253562, -0.5, 0, -0.5, 0.23570226, 0.94280905, -0.23570226,
//     0.5, 0, -0.5, -0.24077171, 0.96308684, -0.120385855, 1.5, 0, -0.5, 0, 1, 0,
//     -1.5, 0, 0.5, 0.24077171, 0.96308684, 0.120385855, -0.5, 0, 0.5, -0.23570226, 0.94280905, 0.23570226,
//     0.5, 0, 0.5, 0, 0.9701425, -0.24253562, 1.5, 0, 0.5, 0.24077171, 0.96308684, -0.120385855,
//     -1.5, 0, 1.5, -0.24253562, 0.9701425, 0, -0.5, 0, 1.5, 0, 0.99227786, 0.12403473,
//     0.5, 0, 1.5, 0.23570226, 0.94280905, 0.23570226, 1.5, 0, 1.5, -0.23570226, 0.94280905, -0.23570226]
// expect u2 ~ rel 1e-3 abs 1e-4 = [0.19537796, 0.23084016, 0.26630238, 1, 0.28372115, 0.32511824, 0.39336842, 1, 0.33640185, 0.41507486, 0.5979536, 1, 0.35549772, 0.4236909, 0.5805075, 1,
//     0.41079178, 0.42763892, 0.44980663, 1, 0.3604091, 0.40930706, 0.51263934, 1, 0.37911814, 0.41151515, 0.4717463, 1, 0.4275838, 0.5157249, 0.7418649, 1,
//     0.51341844, 0.51968545, 0.5306958, 1, 0.51759166, 0.5208328, 0.5240744, 1, 0.4614601, 0.5069161, 0.6189211, 1, 0.48581865, 0.62247986, 0.9959466, 1,
//     0.43015972, 0.44214377, 0.4541278, 1, 0.68467015, 0.67526233, 0.6732349, 1, 0.6406034, 0.6677661, 0.76078886, 1, 0.5296067, 0.57984936, 0.7177345, 1]
struct Light {
    float3 position;
    float range;
    float3 color;
    uint kind;
};

cbuffer Scene : register(b0) {
    Light lights[3];
    uint lightCount;
    float3 ambient;
};

StructuredBuffer<float3> Surface : register(t1);
RWStructuredBuffer<float4> Shaded : register(u2);

static const float3 EYE = float3(0, 3, 5);

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    float3 p = Surface[i * 2];
    float3 n = Surface[i * 2 + 1];
    float3 v = normalize(EYE - p);
    float3 color = ambient;
    for (uint l = 0; l < lightCount; ++l) {
        Light light = lights[l];
        if (light.kind == 0)
            continue;
        float3 toLight = light.position - p;
        float dist = length(toLight);
        float3 L = toLight / dist;
        float atten = saturate(1 - dist / light.range);
        float diffuse = saturate(dot(n, L));
        float3 h = normalize(L + v);
        float specular = pow(saturate(dot(n, h)), 16);
        color += light.color * (diffuse + specular) * atten;
    }
    Shaded[i] = float4(color, 1);
}
