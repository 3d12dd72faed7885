// The neighbour search of an SPH fluid step, as GPU particle solvers build it in one group:
// 64 particles in an 8x8 box, a uniform grid of 4x4 cells of size h = 2. (1) each particle
// finds its cell (floor(p / h), clamped) and takes a slot in it with `InterlockedAdd` on a
// groupshared cell counter (the original value; the order within a cell is the device's);
// (2) thread 0 scans the counts into cell starts; (3) each particle scatters its index to
// start + slot; (4) each particle visits the 3x3 neighbouring cells and sums the poly6
// kernel W = 315 / (64 pi h^9) (h^2 - r^2)^3 over neighbours with r^2 < h^2 (itself
// included) times the neighbour's mass, giving its density, and the pressure k (rho - rho0)
// with `max(…, 0)`. Outputs: per-cell counts and starts (exact), per particle its cell, the
// number of neighbours found (exact) and density and pressure (rel 1e-5: the summation
// order within a cell is the device's, and `pow(h, 9)` is within Vulkan's pow precision;
// or abs 2e-5: the pressure 3 (rho - 0.5) cancels where rho is near 0.5).
// Expected values: tests/exec/work/models.py (sph_density_grid).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float4[64] = [3.7421875, 6.40625, 1.11816406, 0, 3.6484375, 1.71875, 0.884765625, 0,
//     3.7890625, 1.09375, 0.786132812, 0, 0.3828125, 5.9921875, 0.643554688, 0, 7.59375, 2.3671875,
//     1.49414062, 0, 5.0703125, 2.3125, 0.694335938, 0, 0.578125, 6.65625, 0.697265625, 0,
//     2.9765625, 1.2734375, 0.521484375, 0, 3.0546875, 0.171875, 1.24414062, 0, 4.421875, 2.90625,
//     1.39550781, 0, 5.015625, 6.6640625, 0.97265625, 0, 2.484375, 7.3671875, 0.836914062, 0,
//     6.84375, 1.1640625, 0.552734375, 0, 4.7890625, 3.734375, 1.34179688, 0, 6.0703125, 1.7265625,
//     0.578125, 0, 3.234375, 0.734375, 1.34863281, 0, 2.1640625, 3.1875, 0.915039062, 0, 1.765625,
//     3.5078125, 1.453125, 0, 3.21875, 0.9296875, 1.29003906, 0, 6.0859375, 0.3515625, 0.8828125,
//     0, 2.75, 0.59375, 1.13964844, 0, 7.4453125, 7.453125, 1.20996094, 0, 6.421875, 5.8671875,
//     0.698242188, 0, 0.375, 3.671875, 1.32519531, 0, 4.8125, 0.2109375, 1.34765625, 0, 2.4296875,
//     3.28125, 0.653320312, 0, 4.1484375, 2.6328125, 1.20605469, 0, 3.9453125, 2.6796875, 0.625, 0,
//     3.0703125, 5.3984375, 0.973632812, 0, 7.8046875, 1.2109375, 1.390625, 0, 3.3671875, 1.828125,
//     1.02636719, 0, 7.1484375, 7.8359375, 0.793945312, 0, 6.75, 0, 0.762695312, 0, 5.1640625,
//     1.9609375, 0.588867188, 0, 5.5546875, 6.5390625, 1.18847656, 0, 4.8203125, 0.1171875,
//     0.907226562, 0, 7.5546875, 4.34375, 0.7734375, 0, 0.6015625, 4.75, 0.978515625, 0, 6.671875,
//     4.359375, 0.532226562, 0, 4.3046875, 2.9765625, 1.10058594, 0, 3.71875, 3.2890625,
//     1.37695312, 0, 0.71875, 7.3046875, 0.853515625, 0, 5.1875, 7.3828125, 0.708007812, 0,
//     1.4453125, 2.3984375, 0.573242188, 0, 7.9609375, 2.171875, 1.2578125, 0, 4.6015625,
//     5.8359375, 1.06835938, 0, 2.0703125, 4.2109375, 1.18261719, 0, 4.5859375, 2.84375,
//     0.586914062, 0, 7.484375, 2.8359375, 1.41113281, 0, 3.84375, 3.0625, 1.04101562, 0, 0.796875,
//     7.9296875, 1.23242188, 0, 2.578125, 3.2890625, 1.46679688, 0, 4.0234375, 3.6328125,
//     1.14550781, 0, 6.5390625, 0.2109375, 0.751953125, 0, 7.328125, 0.1328125, 0.947265625, 0,
//     4.7578125, 5.1875, 0.598632812, 0, 5.7890625, 7.3984375, 1.08203125, 0, 5.2890625, 4.9921875,
//     0.745117188, 0, 6.1328125, 2.921875, 1.23046875, 0, 0.9765625, 4.5234375, 1.43164062, 0, 3.5,
//     5.4765625, 1.15527344, 0, 1.1796875, 7.625, 1.12402344, 0, 0.1796875, 6.875, 0.794921875, 0,
//     1.5625, 7.7578125, 1.47851562, 0]
// buffer u1 rw uint2[16] = 0
// buffer u2 rw uint2[64] = 0
// buffer u3 rw float2[64] = 0
// expect u1 = [0, 0, 8, 0, 3, 8, 7, 11, 3, 18, 6, 21, 7, 27, 4, 34, 3, 38, 3, 41, 3, 44, 3, 47, 6,
//     50, 2, 56, 4, 58, 2, 62]
// expect u2 = [13, 9, 1, 22, 1, 18, 8, 8, 7, 8, 6, 16, 12, 8, 1, 12, 1, 10, 6, 16, 14, 10, 13, 6,
//     3, 12, 6, 15, 3, 14, 1, 10, 5, 13, 4, 10, 1, 12, 3, 10, 1, 8, 15, 4, 11, 11, 4, 7, 2, 12, 5,
//     15, 6, 18, 5, 19, 9, 6, 3, 10, 1, 21, 15, 3, 3, 9, 2, 19, 14, 9, 2, 11, 11, 5, 8, 7, 11, 7,
//     6, 17, 5, 18, 12, 8, 14, 7, 4, 8, 7, 7, 10, 11, 9, 12, 6, 16, 7, 9, 5, 18, 12, 8, 5, 15, 6,
//     18, 3, 9, 3, 6, 10, 11, 14, 8, 10, 10, 7, 13, 8, 8, 9, 9, 12, 8, 12, 7, 12, 7]
// expect u3 ~ rel 1e-5 abs 2e-5 = [0.507566872, 0.0227006151, 1.06824228, 1.70472685, 1.04902682,
//     1.64708046, 0.381351936, 0, 0.846979491, 1.04093847, 0.857648087, 1.07294426, 0.615801536,
//     0.347404608, 1.08429975, 1.75289926, 0.872701667, 1.118105, 1.62444532, 3.37333596,
//     0.703391579, 0.610174737, 0.339356621, 0, 0.56184454, 0.18553362, 0.976734049, 1.43020215,
//     0.367908321, 0, 1.20681573, 2.12044719, 0.941270804, 1.32381241, 0.949354389, 1.34806317,
//     1.22979601, 2.18938802, 0.574445578, 0.223336733, 0.993901954, 1.48170586, 0.373348356, 0,
//     0.257563289, 0, 0.476176321, 0, 0.518061195, 0.0541835854, 0.984546091, 1.45363827,
//     1.59956143, 3.29868428, 1.59690243, 3.29070728, 0.468955822, 0, 0.586893642, 0.260680926,
//     1.01631597, 1.5489479, 0.378084545, 0, 0.580860357, 0.242581072, 0.58267549, 0.248026471,
//     0.679927376, 0.539782128, 0.506137497, 0.0184124915, 0.228025924, 0, 0.56837323, 0.205119689,
//     0.225338981, 0, 1.67174105, 3.51522314, 1.48146014, 2.94438043, 0.872684569, 1.11805371,
//     0.544315882, 0.132947647, 0.324714408, 0, 0.792173804, 0.876521411, 0.665876079, 0.497628237,
//     0.755587452, 0.766762355, 1.51761172, 3.05283515, 0.725519142, 0.676557425, 1.62168808,
//     3.36506424, 0.788634226, 0.865902678, 0.99642845, 1.48928535, 1.31040377, 2.4312113,
//     0.613714925, 0.341144774, 0.533815766, 0.101447297, 0.499736131, 0, 0.535749559, 0.107248676,
//     0.394374031, 0, 0.418614683, 0, 0.683109013, 0.54932704, 0.576016505, 0.228049516,
//     0.913028193, 1.23908458, 0.569143521, 0.207430563, 0.793583572, 0.880750717]
#define N 64
#define GRID 4
#define H 2.0
#define PI 3.14159265

StructuredBuffer<float4> Particles : register(t0);   // position xy, mass z
RWStructuredBuffer<uint2> Cells : register(u1);      // count, start
RWStructuredBuffer<uint2> Info : register(u2);       // cell, neighbours
RWStructuredBuffer<float2> Density : register(u3);   // density, pressure

groupshared uint CellCount[GRID * GRID];
groupshared uint CellStart[GRID * GRID];
groupshared uint Sorted[N];

int2 CellOf(float2 p)
{
    return clamp(int2(floor(p / H)), 0, GRID - 1);
}

[numthreads(N, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    if (i < GRID * GRID)
        CellCount[i] = 0;
    GroupMemoryBarrierWithGroupSync();

    const float4 self = Particles[i];
    const int2 cell = CellOf(self.xy);
    const uint cellIndex = cell.y * GRID + cell.x;
    uint slot;
    InterlockedAdd(CellCount[cellIndex], 1, slot);
    GroupMemoryBarrierWithGroupSync();

    if (i == 0)
    {
        uint running = 0;
        for (uint c = 0; c < GRID * GRID; ++c)
        {
            CellStart[c] = running;
            running += CellCount[c];
        }
    }
    GroupMemoryBarrierWithGroupSync();
    Sorted[CellStart[cellIndex] + slot] = i;
    GroupMemoryBarrierWithGroupSync();

    const float h2 = H * H;
    const float poly6 = 315.0 / (64.0 * PI * pow(H, 9.0));
    float rho = 0;
    uint neighbours = 0;
    for (int dy = -1; dy <= 1; ++dy)
    {
        for (int dx = -1; dx <= 1; ++dx)
        {
            const int2 c = cell + int2(dx, dy);
            if (any(c < 0) || any(c >= GRID))
                continue;
            const uint ci = c.y * GRID + c.x;
            for (uint k = 0; k < CellCount[ci]; ++k)
            {
                const float4 other = Particles[Sorted[CellStart[ci] + k]];
                const float2 d = other.xy - self.xy;
                const float r2 = dot(d, d);
                if (r2 < h2)
                {
                    const float w = h2 - r2;
                    rho += other.z * poly6 * w * w * w;
                    ++neighbours;
                }
            }
        }
    }
    Density[i] = float2(rho, max(3.0 * (rho - 0.5), 0.0));
    Info[i] = uint2(cellIndex, neighbours);
    if (i < GRID * GRID)
        Cells[i] = uint2(CellCount[i], CellStart[i]);
}
