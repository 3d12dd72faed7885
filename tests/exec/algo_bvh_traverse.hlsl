// Stack-based traversal of a binary interval tree (a 1-D BVH of 15 nodes in depth-first
// order, struct nodes with float2 bounds and uint children, leaf = 0xFFFFFFFF for inner
// nodes): a local uint stack[16], a while loop with continue on a miss and on a leaf,
// counters passed by inout/out to a helper, and a second helper that returns from inside
// the loop at the first leaf hit (out parameter). Per query: hit count, first leaf (or
// 0xFFFFFFFF), nodes visited, sum of (leaf + 1) over hits.
// Expected values: tests/exec/algo/models.py (bvh_traverse).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u2 rw uint[64] = 0
// peer-bug glslang: std430 struct stride: Node (float2 first) gets stride 24, not D3D's tightly packed 20 (see structured_vec3_stride)
// buffer t0 ro = f32 [0, 12] u32 [1, 8, 4294967295] f32 [0, 6.5] u32 [2, 5, 4294967295] f32 [0, 3] u32 [3, 4, 4294967295] f32 [0,
//     2] u32 [0, 0, 0] f32 [1.5, 3] u32 [0, 0, 1] f32 [3.5, 6.5] u32 [6, 7, 4294967295] f32 [3.5, 4] u32 [0,
//     0, 2] f32 [4, 6.5] u32 [0, 0, 3] f32 [7, 12] u32 [9, 12, 4294967295] f32 [7, 9] u32 [10, 11, 4294967295] f32 [7,
//     8] u32 [0, 0, 4] f32 [7.5, 9] u32 [0, 0, 5] f32 [10, 12] u32 [13, 14, 4294967295] f32 [10, 11] u32 [0,
//     0, 6] f32 [10.5, 12] u32 [0, 0, 7]
// buffer t1 ro float[16] = [-1, 0.5, 1.75, 2.5, 3.25, 3.75, 4, 5, 6.75, 7.25, 7.75, 8.5, 9.5, 10.25, 10.75, 13]
// expect u2 = [0, 4294967295, 1, 0, 1, 0, 7, 1, 2, 0, 7, 3, 1, 1, 7, 2,
//     0, 4294967295, 5, 0, 1, 2, 7, 3, 2, 2, 7, 7, 1, 3, 7, 4,
//     0, 4294967295, 3, 0, 1, 4, 7, 5, 2, 4, 7, 11, 1, 5, 7, 6,
//     0, 4294967295, 5, 0, 1, 6, 7, 7, 2, 6, 7, 15, 0, 4294967295, 1, 0]
struct Node {
    float2 bounds;
    uint left;
    uint right;
    uint leaf;
};

StructuredBuffer<Node> Nodes : register(t0);
StructuredBuffer<float> Queries : register(t1);
RWStructuredBuffer<uint> Results : register(u2);

static const uint NO_LEAF = 0xFFFFFFFFu;

bool contains(Node n, float x) { return x >= n.bounds.x && x <= n.bounds.y; }

uint countHits(float x, inout uint visited, out uint idSum) {
    uint stack[16];
    uint top = 0;
    stack[top++] = 0;
    uint hits = 0;
    idSum = 0;
    while (top > 0) {
        Node n = Nodes[stack[--top]];
        visited++;
        if (!contains(n, x))
            continue;
        if (n.leaf != NO_LEAF) {
            hits++;
            idSum += n.leaf + 1;
            continue;
        }
        stack[top++] = n.right;
        stack[top++] = n.left;
    }
    return hits;
}

bool firstHit(float x, out uint leaf) {
    uint stack[16];
    int top = 0;
    stack[top++] = 0;
    leaf = NO_LEAF;
    while (top > 0) {
        Node n = Nodes[stack[--top]];
        if (!contains(n, x))
            continue;
        if (n.leaf != NO_LEAF) {
            leaf = n.leaf;
            return true;
        }
        stack[top++] = n.right;
        stack[top++] = n.left;
    }
    return false;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    float x = Queries[i];
    uint visited = 0, idSum;
    uint hits = countHits(x, visited, idSum);
    uint first;
    bool found = firstHit(x, first);
    Results[i * 4 + 0] = hits;
    Results[i * 4 + 1] = found ? first : NO_LEAF;
    Results[i * 4 + 2] = visited;
    Results[i * 4 + 3] = idSum;
}
