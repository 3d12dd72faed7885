// Matrices in groupshared memory the way tiled solvers keep them: a 4x4 groupshared array of
// float2x2 written whole, then each thread updates its own tile through dynamic indices
// (`tiles[y][x][x & 1][y & 1] += 10`), a named element (`_m10 *= 2`) and a row swap through
// a temporary row vector for tiles with (x + y) mod 3 == 0; a groupshared array of
// `Counter { uint n; uint sum; }` bumped with InterlockedAdd on struct members; after the
// barrier, thread (0, y) multiplies its row's four tiles in order with `mul` (the product
// is not commutative, so a wrong order or a stale tile shows) and every thread reads the
// transposed neighbour tile tiles[x][y] with `transpose` and `determinant`. Tile (x, y)
// starts as ((x, y), (x + y, 1)). Small integers: exact.
// Expected values: tests/exec/mix/models.py (groupshared_matrix_tiles).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[24] = 0
// buffer u1 rw float[32] = 0
// expect u0 = [6971, 268, 3120, 120, 4, 6, 12518, 15631, 1378, 1701, 4, 6, 25908, 7050, 10404,
//     2832, 4, 6, 4449, 4131, 24141, 22503, 4, 6]
// expect u1 = [10, -10, 2, -22, 4, 2, 0, 78, 22, 1, 4, 7, 1, 51, 8, -13, 4, 12, 2, 64, 8, -4,
//     10, -128, 3, -3, 8, 25, 30, -57, 3, 3]
// peer-bug glslang: does not flatten a matrix into a brace initializer of a float array (initializer_flatten)
RWStructuredBuffer<float> RowProducts : register(u0);
RWStructuredBuffer<float> PerThread : register(u1);

struct Counter {
    uint n;
    uint sum;
};

groupshared float2x2 tiles[4][4];
groupshared Counter counters[4];

[numthreads(4, 4, 1)]
void main(uint3 id : SV_GroupThreadID) {
    uint x = id.x, y = id.y;
    tiles[y][x] = float2x2(x, y, x + y, 1);
    if (x == 0)
        counters[y] = (Counter)0;
    GroupMemoryBarrierWithGroupSync();

    tiles[y][x][x & 1][y & 1] += 10;
    tiles[y][x]._m10 *= 2;
    if ((x + y) % 3 == 0) {
        float2 r0 = tiles[y][x][0];
        tiles[y][x][0] = tiles[y][x][1];
        tiles[y][x][1] = r0;
    }
    InterlockedAdd(counters[y].n, 1);
    InterlockedAdd(counters[y].sum, x);
    GroupMemoryBarrierWithGroupSync();

    if (x == 0) {
        float2x2 p = tiles[y][0];
        for (uint k = 1; k < 4; ++k)
            p = mul(p, tiles[y][k]);
        float row[6] = { p, counters[y].n, counters[y].sum };
        for (uint i = 0; i < 6; ++i)
            RowProducts[6 * y + i] = row[i];
    }
    float2x2 other = transpose(tiles[x][y]);
    PerThread[2 * (4 * y + x)] = other[0][1];
    PerThread[2 * (4 * y + x) + 1] = determinant(other);
}
