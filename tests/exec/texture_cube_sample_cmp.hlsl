// Point-light shadow lookups: SampleCmpLevelZero on a TextureCube and a TextureCubeArray of
// depth16unorm with a less-equal comparison sampler; the direction's major axis picks the
// face (+X, -X, +Y, -Y, +Z, -Z = layers 0-5). Faces are 1x1 with depths
// (0, 13107, 26214, 39321, 52428, 65535) / 65535 = (0, .2, .4, .6, .8, 1); ref 0.5 passes
// (0.5 <= texel) on -Y, +Z, -Z only → [0, 0, 0, 1, 1, 1]. The cube array's cube 1 is all 0:
// ref 0 → 1 on +X (cube 1), ref 0.5 on -Z of cube 0 → 1, ref 0.5 on -Z of cube 1 → 0.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled cube depth16unorm 1x1x6 = [0, 13107, 26214, 39321, 52428, 65535]
// texture t1 sampled cubearray depth16unorm 1x1x12 = [0, 13107, 26214, 39321, 52428, 65535,
//   0, 0, 0, 0, 0, 0]
// sampler s2 point clamp compare less-equal
// buffer u3 rw float[9] = 0
// expect u3 = [0, 0, 0, 1, 1, 1,  1, 1, 0]
TextureCube<float> cube : register(t0);
TextureCubeArray<float> cubes : register(t1);
SamplerComparisonState le : register(s2);
RWStructuredBuffer<float> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    const float3 dirs[6] = { float3(1, 0.2, -0.3), float3(-1, 0.1, 0.4), float3(0.3, 1, -0.2),
                             float3(-0.2, -1, 0.5), float3(0.1, 0.6, 1), float3(-0.4, 0.3, -1) };
    for (uint f = 0; f < 6; f++)
        o[f] = cube.SampleCmpLevelZero(le, dirs[f], 0.5);
    o[6] = cubes.SampleCmpLevelZero(le, float4(dirs[0], 1), 0.0);
    o[7] = cubes.SampleCmpLevelZero(le, float4(dirs[5], 0), 0.5);
    o[8] = cubes.SampleCmpLevelZero(le, float4(dirs[5], 1), 0.5);
}
