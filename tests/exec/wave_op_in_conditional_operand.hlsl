// A wave operation in an operand of `?:`, `&&` or `||` (HLSL 2021, scalar condition) runs only
// in the lanes that evaluate that operand, so its result covers those lanes only, as in DXC.
// hlslc evaluated both operands of `?:` in every lane and selected (wave operations counted as
// free of side effects), so `tid <= 1 ? WaveActiveSum(v) : 0` summed all four lanes: found by
// llvm/offload-test-suite's WaveActiveSum tests. One 4-thread group is one subgroup (lanes =
// thread ids) on any device with subgroups of at least 4 lanes.
// Hand derivation, lanes 0..3 with v = 1..4:
//   s = lanes 0, 1: 1 + 2 = 3; lanes 2, 3: 0
//   c = lanes 1..3: 3 active lanes; lane 0: 9
//   f = lanes 2, 3 evaluate WaveIsFirstLane(): lane 2 is first; others false
//   m = lanes 0, 1 take `||`'s right side: WaveActiveMax(v) over lanes 0, 1 = 2 (== 2: 1); lanes 2, 3: 1
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires subgroup
// buffer u0 rw uint[16] = 0
// expect u0 = [3, 9, 0, 1,  3, 3, 0, 1,  0, 3, 1, 1,  0, 3, 0, 1]
// peer-bug glslang: evaluates both operands of `?:` in every lane, so the wave sums count all lanes (the bug this kernel catches in hlslc)

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  uint v = tid.x + 1;
  uint s = tid.x <= 1 ? WaveActiveSum(v) : 0;
  uint c = tid.x >= 1 ? WaveActiveCountBits(true) : 9;
  bool f = tid.x >= 2 && WaveIsFirstLane();
  bool m = tid.x >= 2 || WaveActiveMax(v) == 2;
  Out[tid.x * 4 + 0] = s;
  Out[tid.x * 4 + 1] = c;
  Out[tid.x * 4 + 2] = f;
  Out[tid.x * 4 + 3] = m;
}
