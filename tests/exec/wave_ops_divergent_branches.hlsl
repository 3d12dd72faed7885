// wave ops in divergent branches (one wave of 8 lanes on lavapipe): inside a branch only
// the lanes that took it are active. Odd lanes 1, 3, 5, 7: sum 16, exclusive prefix sums
// 0, 1, 4, 9, first active lane 1, three of them > 2. Even lanes 0, 2, 4, 6: max 6,
// exclusive prefix counts 0..3, lane 0 is the first, a ballot of four lanes. Four values per
// lane: [r0, r1, r2, r3].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires subgroup
// buffer u0 rw uint[32] = 0
// expect u0 = [6, 0, 1, 4,  16, 0, 1, 3,  6, 1, 0, 4,  16, 1, 1, 3,  6, 2, 0, 4,  16, 4, 1, 3,  6, 3, 0, 4,  16, 9, 1, 3]
// peer-bug glslang: `WavePrefixSum` is inclusive (lane 3 gets 4, not 1)
RWStructuredBuffer<uint> o : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  uint l = id.x;
  uint r0 = 0, r1 = 0, r2 = 0, r3 = 0;
  if (l & 1) {
    r0 = WaveActiveSum(l);
    r1 = WavePrefixSum(l);
    r2 = WaveReadLaneFirst(l);
    r3 = WaveActiveCountBits(l > 2);
  } else {
    r0 = WaveActiveMax(l);
    r1 = WavePrefixCountBits(true);
    r2 = WaveIsFirstLane() ? 1 : 0;
    r3 = countbits(WaveActiveBallot(true).x);
  }
  o[l * 4 + 0] = r0;
  o[l * 4 + 1] = r1;
  o[l * 4 + 2] = r2;
  o[l * 4 + 3] = r3;
}
