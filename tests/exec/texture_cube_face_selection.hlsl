// TextureCube and TextureCubeArray sampling picks the face by the direction's major axis and
// the texel by the face's (sc, tc) axes, the same table in D3D and Vulkan: +X: sc = -z,
// tc = -y; -X: sc = +z, tc = -y; +Y: sc = +x, tc = +z; -Y: sc = +x, tc = -z; +Z: sc = +x,
// tc = -y; -Z: sc = -x, tc = -y; s = (sc / |ma| + 1) / 2. Faces are 2x2 r32float with texel
// (x, y) of face f (layer l of the array) = 24l + 4f + 2y + x; point sampling, lod 0.
// By hand: (1, .5, .5) → +X (0,0) = 0; (1, -.5, -.5) → +X (1,1) = 3; (-1, .5, .5) → -X (1,0)
// = 5; (.5, 1, .5) → +Y (1,1) = 11; (.5, -1, .5) → -Y (1,0) = 13; (.5, .5, 1) → +Z (1,0) =
// 17; (.5, .5, -1) → -Z (0,0) = 20; the array's layer 1 with (.5, -1, .5) → 24 + 13 = 37.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture t0 sampled cube r32float 2x2x6 = iota
// texture t1 sampled cubearray r32float 2x2x12 = iota
// sampler s2 point clamp
// buffer u3 rw float[8] = 0
// expect u3 = [0, 3, 5, 11, 13, 17, 20, 37]
TextureCube<float> cube : register(t0);
TextureCubeArray<float> cubes : register(t1);
SamplerState smp : register(s2);
RWStructuredBuffer<float> o : register(u3);

[numthreads(1, 1, 1)]
void main() {
    o[0] = cube.SampleLevel(smp, float3(1, 0.5, 0.5), 0);
    o[1] = cube.SampleLevel(smp, float3(1, -0.5, -0.5), 0);
    o[2] = cube.SampleLevel(smp, float3(-1, 0.5, 0.5), 0);
    o[3] = cube.SampleLevel(smp, float3(0.5, 1, 0.5), 0);
    o[4] = cube.SampleLevel(smp, float3(0.5, -1, 0.5), 0);
    o[5] = cube.SampleLevel(smp, float3(0.5, 0.5, 1), 0);
    o[6] = cube.SampleLevel(smp, float3(0.5, 0.5, -1), 0);
    o[7] = cubes.SampleLevel(smp, float4(0.5, -1, 0.5, 1), 0);
}
