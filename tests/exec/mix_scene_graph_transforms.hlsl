// Scene-graph transform propagation as animation compute passes do it: node records
// `{ int parent; float3 translation; float4 rotation; float scale; }` (36-byte stride), each
// thread builds its node's local float4x4 from translation, a quaternion turned into a
// float3x3 (scaled) and rows assembled with float4 constructors, finds its depth by walking
// parent links in a `while` loop, then the group resolves world matrices level by level in a
// `[loop]` with a barrier per level: world = mul(worlds[parent], local) from a groupshared
// float4x4 array (roots take the local). The rotations are quarter and half turns with
// components 0, ±0.5, ±1: every matrix entry is exact. Per node: the world translation
// (world._14_24_34), mul(world, (1, 2, 3, 1)).xyz and the depth.
// Expected values: tests/exec/mix/models.py (scene_graph_transforms).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro = i32 [-1] f32 [1, 0, 0, 0, 0, 0, 1, 2] i32 [0] f32 [0, 1, 0, 0.5, 0.5, 0.5, 0.5,
//     1] i32 [0] f32 [0, 0, -1, 0, 0, 1, 0, 0.5] i32 [1] f32 [2, 0, 0, 0, 1, 0, 0, 1] i32 [2] f32 [
//     1, 1, 1, 0.5, -0.5, 0.5, -0.5, 2] i32 [3] f32 [0, 0, 3, 0, 0, 0, 1, 0.25] i32 [4] f32 [-1, 0,
//     0, 1, 0, 0, 0, 1] i32 [-1] f32 [0, 5, 0, 0, 0, 0, 1, 1]
// buffer u1 rw float[56] = 0
// expect u1 = [1, 0, 0, 3, 4, 6, 0, 1, 2, 0, 7, 4, 4, 1, 1, 0, -2, 0, -2, 1, 1, 1, 6, 0, -5, 4,
//     4, 2, 0, -1, -1, -6, 1, -5, 2, -5, 6, 0, -6.5, 5.5, 1, 3, 0, -3, -1, 6, -1, 3, 3, 0, 5,
//     0, 1, 7, 3, 0]
// peer-bug glslang: does not flatten vectors into a brace initializer of a float array (initializer_flatten)
struct Node {
    int parent;
    float3 translation;
    float4 rotation;
    float scale;
};

StructuredBuffer<Node> Nodes : register(t0);
RWStructuredBuffer<float> Out : register(u1);

groupshared float4x4 worlds[8];

float3x3 rotationMatrix(float4 q) {
    float x = q.x, y = q.y, z = q.z, w = q.w;
    return float3x3(1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
                    2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                    2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y));
}

float4x4 localMatrix(Node n) {
    float3x3 r = rotationMatrix(n.rotation) * n.scale;
    return float4x4(float4(r[0], n.translation.x),
                    float4(r[1], n.translation.y),
                    float4(r[2], n.translation.z),
                    float4(0, 0, 0, 1));
}

uint depthOf(uint i) {
    uint depth = 0;
    int p = Nodes[i].parent;
    while (p >= 0) {
        depth++;
        p = Nodes[p].parent;
    }
    return depth;
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Node n = Nodes[t];
    float4x4 local = localMatrix(n);
    uint depth = depthOf(t);
    [loop]
    for (uint level = 0; level < 4; ++level) {
        if (depth == level)
            worlds[t] = n.parent < 0 ? local : mul(worlds[n.parent], local);
        GroupMemoryBarrierWithGroupSync();
    }
    float4x4 world = worlds[t];
    float3 p = mul(world, float4(1, 2, 3, 1)).xyz;
    float row[7] = { world._14_24_34, p, depth };
    for (uint k = 0; k < 7; ++k)
        Out[7 * t + k] = row[k];
}
