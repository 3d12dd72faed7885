// A bit-sliced 1-D cellular automaton, the way GPU simulations pack cells into words: each of
// two groups runs one Wolfram rule (cbuffer: 30 for group 0, 110 for group 1) on a ring of
// 512 cells, 32 per uint, one word per thread (16 threads). Each generation a thread reads
// its word and its neighbours' from a groupshared double buffer (wrapping around the ring:
// (i + 15) % 16 and (i + 1) % 16), builds the left and right neighbour planes with shifts
// that carry the end bits across words, evaluates the rule bit-parallel as an OR over the
// rule's set bits of (l or ~l) & (c or ~c) & (r or ~r), and writes the other buffer; a
// `GroupMemoryBarrierWithGroupSync` separates the generations (40 of them). Cell i is bit
// i % 32 of word i / 32; its left neighbour is cell i - 1. Outputs: the final words, and the
// population after each generation, summed with `countbits` and `WaveActiveSum` combined
// across waves with groupshared `InterlockedAdd` (row gen of u2, per group).
// Expected values: tests/exec/work/models.py (elementary_automaton).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 2 1 1
// cbuffer b0 = u32 [30, 0, 0, 0, 110]
// buffer t1 ro uint[32] = [1294708648, 3017322386, 2439437482, 1691849854, 1037690624, 1986921598,
//     3034115808, 387032353, 3087707337, 2571528634, 3671753657, 1033671247, 453648951, 3586506907,
//     1731440698, 518502220, 0, 0, 0, 0, 0, 0, 0, 8192, 0, 0, 0, 0, 0, 0, 0, 0]
// buffer u2 rw uint[80] = 0
// buffer u3 rw uint[32] = 0
// expect u2 = [262, 256, 248, 248, 263, 263, 247, 256, 255, 263, 248, 265, 237, 247, 262, 263, 257,
//     253, 265, 263, 256, 241, 270, 236, 266, 257, 268, 260, 251, 243, 264, 258, 249, 264, 255,
//     258, 253, 250, 257, 265, 2, 3, 3, 5, 3, 5, 6, 8, 5, 6, 8, 8, 8, 11, 11, 13, 9, 11, 11, 13,
//     14, 16, 14, 14, 13, 13, 17, 22, 20, 16, 17, 24, 19, 14, 19, 25, 18, 20, 25, 24]
// expect u3 = [4195638613, 3871113696, 888593977, 185757423, 956091145, 680767729, 3084506718,
//     816690403, 3130649003, 3560319781, 4011257426, 1185773997, 3155848211, 3813859549, 213685880,
//     543506855, 0, 0, 0, 0, 0, 0, 3822915552, 8967, 0, 0, 0, 0, 0, 0, 0, 0]
#define WORDS 16
#define GENERATIONS 40

cbuffer Rules : register(b0)
{
    uint4 RuleOfGroup[2];
};

StructuredBuffer<uint> Initial : register(t1);
RWStructuredBuffer<uint> Population : register(u2);
RWStructuredBuffer<uint> Final : register(u3);

groupshared uint Cells[2][WORDS];
groupshared uint Count[GENERATIONS];

uint Step(uint rule, uint l, uint c, uint r)
{
    uint next = 0;
    [unroll]
    for (uint pattern = 0; pattern < 8; ++pattern)
    {
        if ((rule >> pattern) & 1)
            next |= ((pattern & 4) ? l : ~l) & ((pattern & 2) ? c : ~c) & ((pattern & 1) ? r : ~r);
    }
    return next;
}

[numthreads(WORDS, 1, 1)]
void main(uint3 gid : SV_GroupID, uint i : SV_GroupIndex)
{
    const uint rule = RuleOfGroup[gid.x].x;
    Cells[0][i] = Initial[gid.x * WORDS + i];
    for (uint g = i; g < GENERATIONS; g += WORDS)
        Count[g] = 0;
    GroupMemoryBarrierWithGroupSync();

    uint src = 0;
    [loop]
    for (uint gen = 0; gen < GENERATIONS; ++gen)
    {
        const uint prev = Cells[src][(i + WORDS - 1) % WORDS];
        const uint c = Cells[src][i];
        const uint next = Cells[src][(i + 1) % WORDS];
        const uint l = (c << 1) | (prev >> 31);
        const uint r = (c >> 1) | (next << 31);
        const uint w = Step(rule, l, c, r);
        Cells[src ^ 1][i] = w;
        const uint waveCount = WaveActiveSum(countbits(w));
        if (WaveIsFirstLane())
            InterlockedAdd(Count[gen], waveCount);
        GroupMemoryBarrierWithGroupSync();
        src ^= 1;
    }
    Final[gid.x * WORDS + i] = Cells[src][i];
    for (uint k = i; k < GENERATIONS; k += WORDS)
        Population[gid.x * GENERATIONS + k] = Count[k];
}
