// Nearest-neighbour queries against a 2-D k-d tree, the way photon-mapping and point-cloud
// kernels traverse one: the tree (31 points, a perfect implicit tree: children of node n at
// 2n + 1 and 2n + 2, split axis = depth % 2, built on the CPU by median splits) is a
// StructuredBuffer of int4 (x, y, point id, axis). Each thread runs one query with a
// fixed-size local stack (`int stack[16]` and a `[loop]`): pop a node, score it by squared
// integer distance with ties broken by the lower point id, then push the far child only if
// the splitting plane is within the best distance (diff^2 <= best: a tie on the plane may
// still hold a lower id) and the near child last so it is visited first. Outputs per query:
// (nearest id, squared distance, nodes visited, deepest stack), all exact integers; the
// visit counts check that pruning happened the way the algorithm says.
// Expected values: tests/exec/work/models.py (kdtree_nearest).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int4[31] = [91, 170, 26, 0, 78, 115, 30, 1, 93, 78, 24, 1, 47, 113, 13, 0, 52, 233,
//     1, 0, 134, 54, 7, 0, 179, 107, 11, 0, 47, 61, 6, 1, 67, 65, 8, 1, 30, 207, 12, 1, 55, 238,
//     23, 1, 119, 39, 27, 1, 182, 34, 25, 1, 108, 128, 28, 1, 237, 223, 29, 1, 30, 41, 22, 0, 37,
//     76, 4, 0, 86, 22, 16, 0, 78, 115, 3, 0, 45, 128, 5, 0, 37, 208, 0, 0, 83, 169, 2, 0, 76, 248,
//     9, 0, 119, 11, 17, 0, 116, 48, 15, 0, 205, 33, 14, 0, 139, 53, 20, 0, 119, 91, 10, 0, 107,
//     167, 19, 0, 207, 176, 18, 0, 196, 230, 21, 0]
// buffer t1 ro int2[32] = [78, 115, 193, 127, 262, 74, 114, -19, 147, 96, 97, 248, 257, 117, 142,
//     24, 195, 162, 117, 122, 277, 158, 47, 273, 187, 97, 151, 105, 126, 75, 169, 271, 265, 113,
//     82, 129, 20, 1, 173, 221, 207, 2, 122, 79, 223, 101, 25, 265, 235, 27, 163, 89, 239, 117, 50,
//     134, 35, 10, 64, 88, 164, 87, 181, -9]
// buffer u2 rw uint4[32] = 0
// expect u2 = [3, 0, 12, 3, 11, 596, 18, 4, 14, 4930, 20, 5, 17, 925, 15, 5, 10, 809, 20, 5, 9,
//     441, 12, 3, 18, 5981, 19, 4, 17, 698, 16, 5, 18, 340, 14, 4, 28, 117, 16, 4, 18, 5224, 19, 5,
//     23, 1289, 12, 3, 11, 164, 14, 4, 11, 788, 20, 5, 10, 305, 15, 4, 21, 2410, 13, 3, 18, 7333,
//     20, 4, 3, 212, 13, 3, 22, 1700, 18, 5, 21, 610, 14, 4, 14, 965, 17, 5, 10, 153, 14, 3, 11,
//     1972, 19, 4, 23, 1629, 12, 3, 14, 936, 16, 5, 11, 580, 15, 4, 11, 3700, 19, 4, 5, 61, 17, 4,
//     22, 986, 18, 5, 8, 538, 20, 5, 11, 625, 15, 4, 25, 1850, 17, 5]
#define NODES 31

struct Node
{
    int2 p;
    int id;
    int axis;
};

StructuredBuffer<int4> Tree : register(t0);
StructuredBuffer<int2> Queries : register(t1);
RWStructuredBuffer<uint4> Results : register(u2);

Node LoadNode(int n)
{
    int4 raw = Tree[n];
    Node node;
    node.p = raw.xy;
    node.id = raw.z;
    node.axis = raw.w;
    return node;
}

bool Better(int dist, int id, int bestDist, int bestId)
{
    return dist < bestDist || (dist == bestDist && id < bestId);
}

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    const int2 q = Queries[t];
    int stack[16];
    int top = 0;
    stack[top++] = 0;
    int bestDist = 0x7FFFFFFF, bestId = -1;
    uint visited = 0, deepest = 1;

    [loop]
    while (top > 0)
    {
        const int n = stack[--top];
        const Node node = LoadNode(n);
        ++visited;
        const int2 d = q - node.p;
        const int dist = d.x * d.x + d.y * d.y;
        if (Better(dist, node.id, bestDist, bestId))
        {
            bestDist = dist;
            bestId = node.id;
        }
        const int left = 2 * n + 1;
        if (left >= NODES)
            continue;
        const int diff = node.axis == 0 ? d.x : d.y;
        const int nearChild = diff < 0 ? left : left + 1;
        const int farChild = diff < 0 ? left + 1 : left;
        if (diff * diff <= bestDist)
            stack[top++] = farChild;
        stack[top++] = nearChild;
        deepest = max(deepest, (uint)top);
    }
    Results[t] = uint4(bestId, bestDist, visited, deepest);
}
