// Lane masks taken outside a branch and used inside it, and masks taken inside (one wave of 8
// lanes on lavapipe; lane l). Inside `if (l & 1)` only lanes 1, 3, 5, 7 run. A WaveMultiPrefix*
// operation counts the lanes of its mask that are below the lane and take part in it (HLSL's
// WaveMultiPrefix*: "active lanes" of the partition; SPIR-V's PartitionedExclusiveScanNV and
// Vulkan's subgroup rules: inactive invocations do not contribute), so a mask of all 8 lanes
// taken before the branch acts as the 4 odd lanes. By hand, per lane [v0, v1, v2, v3, v4, v5]:
//   v0 WaveMultiPrefixSum(l, all) = sum of the odd lanes below: 0, 1, 4, 9 (odd lanes)
//   v1 WaveMultiPrefixCountBits(true, all) = 0, 1, 2, 3
//   v2 WaveMatch(l / 4).x inside: lanes 1, 3 → 0b1010 = 10; lanes 5, 7 → 0b10100000 = 160
//   v3 WaveActiveBallot(true).x inside = 0b10101010 = 170
//   v4 WavePrefixProduct(l) inside: 1, 1, 3, 15 | v5 WaveActiveBitXor(l) inside = 1^3^5^7 = 0
// Even lanes write 99 everywhere (they do not run the branch).
// requires subgroup
// exec: -T cs_6_5 -E main dispatch 1 1 1
// buffer u0 rw uint[48] = 0
// expect u0 = [99, 99, 99, 99, 99, 99,   0, 0, 10, 170, 1, 0,
//              99, 99, 99, 99, 99, 99,   1, 1, 10, 170, 1, 0,
//              99, 99, 99, 99, 99, 99,   4, 2, 160, 170, 3, 0,
//              99, 99, 99, 99, 99, 99,   9, 3, 160, 170, 15, 0]
// peer-bug glslang: does not compile: no WaveMultiPrefixSum ("no matching overloaded function")
// peer-bug slang: does not compile: WaveMultiPrefixCountBits is unavailable for SPIR-V compute
RWStructuredBuffer<uint> o : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
    uint l = id.x;
    uint4 all = WaveActiveBallot(true);
    uint v[6] = { 99, 99, 99, 99, 99, 99 };
    if (l & 1) {
        v[0] = WaveMultiPrefixSum(l, all);
        v[1] = WaveMultiPrefixCountBits(true, all);
        v[2] = WaveMatch(l / 4).x;
        v[3] = WaveActiveBallot(true).x;
        v[4] = WavePrefixProduct(l);
        v[5] = WaveActiveBitXor(l);
    }
    for (uint k = 0; k < 6; k++)
        o[l * 6 + k] = v[k];
}
