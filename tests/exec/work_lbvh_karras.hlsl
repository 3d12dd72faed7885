// Linear BVH construction as GPU ray-tracing builders write it (Karras 2012, "Maximizing
// Parallelism in the Construction of BVHs, Octrees, and k-d Trees"): 32 primitives have
// sorted 30-bit Morton codes (bits of x, y, z interleaved with the usual "expand bits"
// multiply-and-mask sequence, computed on the GPU from integer cell coordinates and sorted
// in the model; duplicates included). Each of the 31 threads builds one internal node:
// delta(i, j) = number of leading equal bits of codes i and j, as 31 - firstbithigh(a ^ b),
// with the index appended when codes are equal (32 + the same count on i ^ j) and -1
// outside [0, n); the direction d = sign(delta(i, i+1) - delta(i, i-1)); the range's other
// end by exponential then binary search; the split by binary search over the common
// prefix; children are leaves (tagged 0x80000000 | index) when the range ends at the split.
// Every internal node then writes its parent links: children record their parent, so each
// node except the root (0) has exactly one. Outputs: the Morton codes computed on the GPU
// from the cells (before sorting: compared with the model's), per node (left, right,
// first, last), and the parents of the 31 internal and 32 leaf nodes.
// Expected values: tests/exec/work/models.py (lbvh_karras).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint4[32] = [514, 770, 599, 0, 862, 920, 921, 0, 410, 128, 421, 0, 447, 662, 905, 0,
//     510, 310, 576, 0, 224, 437, 4, 0, 715, 294, 289, 0, 447, 662, 905, 0, 979, 754, 404, 0, 595,
//     160, 603, 0, 635, 451, 413, 0, 938, 403, 306, 0, 29, 35, 848, 0, 646, 181, 842, 0, 359, 994,
//     823, 0, 739, 714, 938, 0, 697, 755, 943, 0, 130, 398, 445, 0, 394, 335, 330, 0, 965, 781,
//     308, 0, 447, 662, 905, 0, 917, 521, 737, 0, 544, 22, 627, 0, 60, 855, 668, 0, 660, 357, 903,
//     0, 842, 65, 544, 0, 933, 644, 141, 0, 114, 484, 238, 0, 972, 158, 440, 0, 877, 402, 296, 0,
//     982, 804, 180, 0, 725, 560, 375, 0]
// buffer t1 ro uint[32] = [41927400, 47390914, 65050353, 98617441, 126619322, 151345430, 244804016,
//     438991826, 501377973, 501377973, 501377973, 526094717, 595221111, 596740277, 636534672,
//     659729172, 667072570, 671527065, 676680237, 700785578, 732512715, 739805218, 831910221,
//     887227333, 905539700, 917623264, 932222406, 971762271, 972719676, 973344889, 1017431303,
//     1064337185]
// buffer u2 rw uint[32] = 0
// buffer u3 rw uint4[31] = 0
// buffer u4 rw uint[63] = 0
// expect u2 = [973344889, 1064337185, 98617441, 501377973, 244804016, 47390914, 596740277,
//     501377973, 905539700, 676680237, 595221111, 667072570, 151345430, 700785578, 526094717,
//     972719676, 971762271, 65050353, 126619322, 932222406, 501377973, 1017431303, 671527065,
//     438991826, 732512715, 739805218, 887227333, 41927400, 636534672, 659729172, 917623264,
//     831910221]
// expect u3 = [11, 12, 0, 31, 2147483648, 2147483649, 0, 1, 1, 2147483650, 0, 2, 2147483651,
//     2147483652, 3, 4, 2, 3, 0, 4, 2147483653, 2147483654, 5, 6, 4, 5, 0, 6, 2147483655, 8, 7, 11,
//     10, 2147483659, 8, 11, 2147483656, 2147483657, 8, 9, 9, 2147483658, 8, 10, 6, 7, 0, 11, 21,
//     22, 12, 31, 2147483660, 2147483661, 12, 13, 2147483662, 15, 14, 16, 2147483663, 2147483664,
//     15, 16, 13, 14, 12, 16, 20, 2147483669, 17, 21, 2147483665, 2147483666, 17, 18, 18,
//     2147483667, 17, 19, 19, 2147483668, 17, 20, 16, 17, 12, 21, 26, 27, 22, 31, 24, 25, 23, 26,
//     2147483671, 2147483672, 23, 24, 2147483673, 2147483674, 25, 26, 2147483670, 23, 22, 26, 29,
//     30, 27, 31, 2147483675, 2147483676, 27, 28, 28, 2147483677, 27, 29, 2147483678, 2147483679,
//     30, 31]
// expect u4 = [4294967295, 2, 4, 4, 6, 6, 11, 11, 7, 10, 8, 0, 0, 16, 16, 14, 21, 21, 19, 20, 17,
//     12, 12, 26, 23, 23, 22, 22, 29, 27, 27, 1, 1, 2, 3, 3, 5, 5, 7, 9, 9, 10, 8, 13, 13, 14, 15,
//     15, 18, 18, 19, 20, 17, 26, 24, 24, 25, 25, 28, 28, 29, 30, 30]
#define N 32
#define LEAF 0x80000000u

StructuredBuffer<uint4> Cells : register(t0);   // integer cell coordinates, 0..1023
StructuredBuffer<uint> SortedCodes : register(t1);
RWStructuredBuffer<uint> Codes : register(u2);
RWStructuredBuffer<uint4> Nodes : register(u3);
RWStructuredBuffer<uint> Parents : register(u4);  // 0..30 internal, 31..62 leaves

uint ExpandBits(uint v)
{
    v = (v * 0x00010001u) & 0xFF0000FFu;
    v = (v * 0x00000101u) & 0x0F00F00Fu;
    v = (v * 0x00000011u) & 0xC30C30C3u;
    v = (v * 0x00000005u) & 0x49249249u;
    return v;
}

int CommonPrefix(int i, int j)
{
    if (j < 0 || j >= N)
        return -1;
    const uint a = SortedCodes[i], b = SortedCodes[j];
    if (a == b)
        return 32 + (31 - firstbithigh((uint)(i ^ j)));
    return 31 - firstbithigh(a ^ b);
}

[numthreads(N, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    const uint3 c = Cells[t].xyz;
    Codes[t] = (ExpandBits(c.x) << 2) | (ExpandBits(c.y) << 1) | ExpandBits(c.z);
    if (t >= N - 1)
        return;

    const int i = (int)t;
    const int d = CommonPrefix(i, i + 1) - CommonPrefix(i, i - 1) >= 0 ? 1 : -1;
    const int deltaMin = CommonPrefix(i, i - d);
    int lmax = 2;
    while (CommonPrefix(i, i + lmax * d) > deltaMin)
        lmax *= 2;
    int l = 0;
    for (int step = lmax / 2; step >= 1; step /= 2)
    {
        if (CommonPrefix(i, i + (l + step) * d) > deltaMin)
            l += step;
    }
    const int j = i + l * d;
    const int deltaNode = CommonPrefix(i, j);
    int s = 0;
    int div = 2;
    int stride = (l + div - 1) / div;
    while (true)
    {
        if (CommonPrefix(i, i + (s + stride) * d) > deltaNode)
            s += stride;
        if (stride == 1)
            break;
        div *= 2;
        stride = (l + div - 1) / div;
    }
    const int split = i + s * d + min(d, 0);
    const uint first = (uint)min(i, j), last = (uint)max(i, j);
    const uint left = (first == (uint)split) ? (LEAF | split) : (uint)split;
    const uint right = (last == (uint)split + 1) ? (LEAF | (split + 1)) : (uint)(split + 1);
    Nodes[t] = uint4(left, right, first, last);
    Parents[(left & LEAF) ? (N - 1) + (left & ~LEAF) : left] = t;
    Parents[(right & LEAF) ? (N - 1) + (right & ~LEAF) : right] = t;
    if (t == 0)
        Parents[0] = 0xFFFFFFFF;
}
