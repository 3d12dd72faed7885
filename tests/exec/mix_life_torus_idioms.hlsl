// Conway's life on an 8x8 torus in groupshared memory, written with the index idioms
// engine code uses for wrap-around: a signed `((a % n) + n) % n` helper for negative
// neighbour offsets (HLSL's int `%` keeps the dividend's sign), `(x + n - 1) % n` on uints,
// a ping-pong pair of groupshared grids selected by generation parity, a barrier per
// generation inside a `[loop]`, a birth counter per cell, and a reverse loop written the
// unsigned way (`for (uint i = n - 1; i < n; --i)`, ending when i wraps) packing each row into
// a bitmask with bit x = cell x. Start: a glider, a block and a corner-wrapped pair; 4
// generations. Outputs: the cells, the row masks and the population, births per cell.
// Expected values: tests/exec/mix/models.py (life_torus_idioms).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[64] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
//     0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0,
//     1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1]
// buffer u1 rw uint[64] = 0
// buffer u2 rw uint[9] = 0
// buffer u3 rw uint[64] = 0
// expect u1 = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1,
//     1, 0, 0, 0, 1, 1, 0]
// expect u2 = [65, 128, 8, 64, 132, 129, 49, 99, 16]
// expect u3 = [1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0,
//     0, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0,
//     1, 0, 0, 0, 1, 1, 0]
StructuredBuffer<uint> Start : register(t0);
RWStructuredBuffer<uint> Cells : register(u1);
RWStructuredBuffer<uint> Rows : register(u2);
RWStructuredBuffer<uint> Births : register(u3);

static const int N = 8;
groupshared uint grid[2][N][N];

int wrap(int a, int n) {
    return ((a % n) + n) % n;
}

uint neighbours(uint g, int x, int y) {
    uint count = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (dx != 0 || dy != 0)
                count += grid[g][wrap(y + dy, N)][wrap(x + dx, N)];
    return count;
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_GroupThreadID) {
    int x = id.x, y = id.y;
    grid[0][y][x] = Start[y * N + x];
    uint births = 0;
    GroupMemoryBarrierWithGroupSync();

    [loop]
    for (uint gen = 0; gen < 4; ++gen) {
        uint cur = gen & 1;
        uint c = neighbours(cur, x, y);
        uint alive = grid[cur][y][x];
        uint next = (c == 3 || (alive && c == 2)) ? 1 : 0;
        births += next & ~alive;
        grid[cur ^ 1][y][x] = next;
        GroupMemoryBarrierWithGroupSync();
    }

    Cells[y * N + x] = grid[0][y][x];
    Births[y * N + x] = births;
    if (x == 0) {
        uint mask = 0;
        for (uint i = N - 1; i < N; --i)
            mask = (mask << 1) | grid[0][y][i];
        Rows[y] = mask;
        uint left = grid[0][y][(0u + N - 1) % N];
        InterlockedAdd(Rows[8], countbits(mask) + left - grid[0][y][N - 1]);
    }
}
