// GPU-driven culling that writes its own indirect arguments, as engines' culling passes do:
// 4 groups of 64 threads test 256 bounding spheres against 4 frustum planes from a cbuffer
// (dot(plane.xyz, center) + plane.w >= -radius keeps a sphere). A visible object reserves a
// slot in a draw list with `InterlockedAdd` on a `RWByteAddressBuffer` of arguments (the
// original value is its slot); the thread that takes slot 64k raises the dispatch's group
// count with `InterlockedMax(args + 0, k + 1)` (DispatchIndirect's x = ceil(n / 64)); the
// args' y and z are set to 1 by `Store2` from thread 0 of every group (the same value,
// a benign race). Visible objects also set their bit in a 256-bit mask (`InterlockedOr`),
// and fold their view depth into signed and unsigned extremes: `InterlockedMin`/`Max` on
// an int (depths are negative in front of the camera: the signed order) and on the same
// values as uint (two's complement: negative values are the largest), so a compiler that
// used the wrong signedness gives different numbers. Spheres have integer centres and
// radii, so each test is exact. The draw list itself is in the device's order (`_`);
// the count, args, mask and extremes are compared.
// Expected values: tests/exec/work/models.py (cull_indirect_args).
// exec: -T cs_6_0 -E main dispatch 4 1 1
// cbuffer b0 = f32 [1, 0, -0.5, 4, -1, 0, -0.5, 4, 0, 1, -0.25, 2, 0, -1, -0.25, 2]
// buffer t1 ro int4[256] = [-13, -12, -24, 1, 9, 7, -10, 0, -8, 6, -12, 1, -17, 5, -20, 1, 16, 8,
//     -28, 2, -15, 6, -17, 2, -20, -3, -7, 1, -5, -3, 7, 1, 11, 10, -4, 0, -12, -10, -20, 1, -12,
//     5, 3, 0, 13, -2, -10, 2, -2, 10, -8, 2, 15, 4, -3, 0, 0, -12, -23, 0, 15, 5, -7, 2, -15, -6,
//     -25, 3, 4, 10, 1, 2, 11, 10, -21, 3, 1, -1, -17, 3, -13, -4, 3, 1, -13, 7, -14, 1, 19, 11, 9,
//     3, 4, 9, -22, 0, -13, 9, 3, 2, -10, 2, 7, 3, 3, 1, -6, 3, 18, 9, 9, 0, 9, 7, -17, 0, 13, 11,
//     0, 2, -7, 10, 8, 2, 0, 7, -20, 1, 2, -7, -17, 1, -6, 12, -3, 0, -20, 6, -14, 2, -6, -2, -13,
//     1, 1, -12, -6, 3, 3, 3, -18, 3, 5, -12, 8, 1, 9, -3, -27, 2, -13, 5, -14, 1, -13, -9, -22, 2,
//     9, -8, -30, 1, -2, 4, 4, 2, -17, 0, -18, 2, -14, 6, -21, 0, -1, 12, 7, 0, -18, -11, -1, 3,
//     -16, -5, 6, 0, 2, -2, -24, 3, -14, 1, -23, 0, -18, -2, -10, 3, 20, -12, -30, 1, 18, 4, -23,
//     1, -9, -1, -17, 3, 13, 7, -15, 0, 13, 8, -15, 3, 4, 6, -2, 0, 14, -12, -15, 3, 20, 4, 7, 1,
//     -13, 7, -11, 0, -17, 9, -2, 2, -18, -10, 7, 3, -14, 11, -6, 1, 16, -4, -27, 2, -10, 2, -13,
//     1, -9, -6, -7, 2, -4, -5, 1, 2, 10, 9, 1, 3, 16, 8, -28, 3, -2, -10, -26, 2, -2, 10, -4, 2,
//     -9, -11, 9, 1, 8, -5, 9, 2, -18, -1, -8, 1, -14, -6, -5, 3, -15, -12, -27, 3, 4, -3, 2, 1,
//     14, -10, -18, 1, -3, 5, -10, 3, 0, -8, 4, 0, -12, -2, -10, 3, 2, -6, -24, 0, 18, -1, -20, 0,
//     15, 10, 8, 2, -18, 11, -25, 2, -10, 9, -10, 0, -5, -9, 7, 1, -15, -4, 0, 3, -19, -7, -20, 0,
//     -2, -5, -9, 0, 4, 8, -18, 1, -20, 5, -4, 1, -2, -1, -27, 3, 10, 10, 5, 3, 2, -6, 9, 2, 8, 6,
//     -12, 2, 17, -7, 2, 1, 4, -3, -1, 3, -8, -6, 0, 2, -19, 1, -25, 0, 3, 9, -29, 0, 16, 2, -11,
//     2, 6, -2, -14, 3, 3, 3, -17, 2, 8, 7, -25, 3, 5, -11, 7, 2, -3, -5, -15, 3, 20, -10, 3, 3, 8,
//     -11, -16, 1, -17, -1, -4, 1, -19, 2, -20, 0, -1, 12, 3, 1, 5, 8, -27, 0, 2, -12, 6, 1, -16,
//     4, -21, 0, -7, -11, -9, 2, -18, 12, -18, 2, -4, 4, 4, 0, 16, -9, -2, 1, -12, -11, -18, 0, -4,
//     8, -21, 1, 11, 10, -10, 0, 9, -2, -28, 2, 8, 3, -22, 1, 19, -10, -29, 3, 15, 0, 4, 0, -18,
//     11, 7, 2, -1, 3, 2, 3, 14, 5, 0, 2, 17, -12, -2, 3, 2, 11, 6, 3, 17, -2, -18, 0, -15, -7,
//     -23, 0, 20, 0, -5, 3, 12, -12, 9, 3, 7, 6, -10, 2, -11, -3, -2, 3, -20, 10, -19, 2, -12, 5,
//     8, 0, 8, -10, -30, 0, -5, 9, -17, 2, 9, -2, -29, 2, 13, 6, -29, 0, -8, -11, -15, 1, 10, -6,
//     -21, 0, 20, 6, -19, 1, 5, 0, -15, 1, -3, -2, 5, 3, 20, -2, -4, 3, -12, 10, -29, 1, 15, 2, 4,
//     2, 1, -4, 5, 0, 10, 6, -7, 1, -3, -5, 4, 1, 19, -3, -21, 2, -13, -12, 1, 2, 3, -5, -14, 0,
//     -5, 5, -14, 0, -8, 10, 6, 3, 9, 7, 1, 3, 1, -7, -17, 2, 14, 5, -4, 0, 1, -6, -19, 3, -3, -12,
//     -28, 1, 5, -2, -8, 1, -10, -3, -6, 3, 14, 3, -17, 0, -4, 0, -28, 3, 8, 6, -28, 0, -13, -11,
//     -28, 3, -16, 12, -10, 0, 11, 4, -24, 0, 9, -6, 5, 2, -6, 3, 9, 2, -9, 5, -15, 1, 9, -11, -8,
//     2, -13, -10, -30, 1, -19, 3, -21, 2, -3, -11, 0, 1, -16, -11, -12, 3, -11, -8, 3, 3, -13, 4,
//     9, 1, 12, 1, -21, 2, -1, 8, -5, 1, -15, 7, 0, 2, -6, -12, -21, 1, 9, 7, -15, 3, 1, -2, -1, 2,
//     16, -10, 0, 0, 11, 2, 9, 1, -11, -10, 4, 3, 18, -5, -17, 0, 17, 5, -11, 3, -12, -1, -13, 0,
//     -4, -8, 3, 0, 1, -3, -5, 1, -3, 11, -2, 1, -13, -9, 0, 0, 14, 6, -10, 0, 18, 8, -13, 3, 8,
//     -7, 3, 0, 5, -12, -6, 3, 1, -8, -11, 1, -15, -9, -1, 1, 6, -7, 4, 3, 13, 12, 8, 3, 17, 11,
//     -16, 1, 20, 10, -18, 2, -7, -2, -16, 1, 1, -12, 2, 2, -20, -9, -2, 2, 15, 10, -22, 0, 14, 7,
//     1, 0, 13, 6, -24, 2, 5, -11, -15, 3, -11, -5, 2, 1, 0, 2, -18, 2, -18, 12, -15, 2, 4, 1, 8,
//     3, -11, -5, -2, 3, 10, -12, -25, 1, 2, 3, -9, 1, 16, -12, -13, 0, 5, -7, -10, 0, -18, -10,
//     -20, 3, -13, -6, -23, 1, -20, -5, -30, 0, -10, -12, 1, 2, -14, 9, -27, 2, 9, 9, -1, 0, -8, 9,
//     -28, 1, -16, 7, -7, 0, 10, -12, -15, 1, 14, 9, -23, 0, -18, 8, -13, 1, 15, -8, -19, 1, -11,
//     7, 2, 3, 9, -12, -18, 3, -11, -2, -18, 2, 14, 4, -27, 3, -11, 5, -17, 2, 5, -1, -8, 3, -2, 0,
//     5, 2, 11, -12, -7, 0, 16, -9, -16, 0, -18, 7, -26, 2, 19, -10, 8, 3, -13, 12, 0, 2, 17, 0,
//     -19, 3, 4, 8, 8, 2, 2, 6, -10, 0, 12, -8, -4, 3, -8, -2, -11, 1, -7, 10, -26, 2, 7, -5, -7,
//     0]
// buffer u2 rw uint[4] = [0, 0, 0, 0]
// buffer u3 rw uint[256] = 0
// buffer u4 rw uint[8] = 0
// buffer u5 rw int[2] = [2147483647, -2147483648]
// buffer u6 rw uint[2] = [4294967295, 0]
// peer-bug glslang: `InterlockedAdd` on a byte-address buffer with an int literal gives invalid SPIR-V (as in `byteaddress_interlocked`)
// expect u2 = [2, 1, 1, 78]
// expect u3 = [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
//     _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
//     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// expect u4 = [2215444500, 21374633, 537296995, 973212581, 1616560417, 411211626, 1111621648,
//     1615823012]
// expect u5 = [-30, 5]
// expect u6 = [2, 4294967295]
cbuffer Frustum : register(b0)
{
    float4 Planes[4];
};

StructuredBuffer<int4> Spheres : register(t1);   // center.xyz, radius
RWByteAddressBuffer Args : register(u2);         // dispatch x, y, z, visible count
RWStructuredBuffer<uint> DrawList : register(u3);
RWStructuredBuffer<uint> VisibleMask : register(u4);
RWStructuredBuffer<int> SignedDepth : register(u5);   // min, max
RWStructuredBuffer<uint> UnsignedDepth : register(u6); // min, max of the same bits

bool Visible(float3 c, float r)
{
    [unroll]
    for (uint p = 0; p < 4; ++p)
    {
        if (dot(Planes[p].xyz, c) + Planes[p].w < -r)
            return false;
    }
    return true;
}

[numthreads(64, 1, 1)]
void main(uint3 gid : SV_GroupID, uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    const uint object = dtid.x;
    const int4 s = Spheres[object];
    if (gi == 0)
        Args.Store2(4, uint2(1, 1));
    if (!Visible(float3(s.xyz), (float)s.w))
        return;

    uint slot;
    Args.InterlockedAdd(12, 1, slot);
    DrawList[slot] = object;
    if (slot % 64 == 0)
        Args.InterlockedMax(0, slot / 64 + 1);

    InterlockedOr(VisibleMask[object / 32], 1u << (object % 32));
    const int depth = s.z;                    // view space: negative in front
    InterlockedMin(SignedDepth[0], depth);
    InterlockedMax(SignedDepth[1], depth);
    InterlockedMin(UnsignedDepth[0], (uint)depth);
    InterlockedMax(UnsignedDepth[1], (uint)depth);
}
