// A constant out-of-bounds index (`directions[type - 1]` with `type` 0) in the branch that
// `type == 0` skips compiles (DXC drops the diagnostic in unreachable code) and the branch
// that runs decides: u0[0..1] = (5, 6). u0[2..3] = directions[1] = (0, 1), read in live code.
// u0[4..5] keep their initial 7s: the store after the `return` never runs.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[6] = [7, 7, 7, 7, 7, 7]
// expect u0 = [5, 6, 0, 1, 7, 7]
// peer-bug glslang: rejects the dead-branch index ("index out of range '-1'") though DXC drops it in unreachable code
RWStructuredBuffer<float2> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
  const int type = 0;
  const float2 directions[] = { float2(1, 0), float2(0, 1) };
  if (type == 0)
    o[0] = float2(5, 6);
  else
    o[0] = directions[type - 1];
  o[1] = directions[1];
  return;
  o[2] = directions[2];
}
