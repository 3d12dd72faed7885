// A compute shader may name one system value in several parameters (it has no input
// signature; naga's HLSL back end writes `uint3 id : SV_GroupThreadID, uint3
// __local_invocation_id : SV_GroupThreadID`): each reads it, a narrower one its first
// components. Two groups of two threads; thread t of group g writes
// u0[2g + t] = t + 10 t + 100 t + 1000 g + 10000 g = 111 t + 11000 g:
// [0, 111, 11000, 11111].
// exec: -T cs_6_0 -E main dispatch 2 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [0, 111, 11000, 11111]
// peer-bug glslang: declares one input variable per parameter, so the entry point lists two LocalInvocationId variables (spirv-val VUID-StandaloneSpirv-OpEntryPoint-09658)
RWStructuredBuffer<uint> o : register(u0);

[numthreads(2, 1, 1)]
void main(uint3 tid : SV_GroupThreadID, uint3 tid2 : SV_GroupThreadID, uint tid1 : SV_GroupThreadID,
          uint3 g : SV_GroupID, uint g2 : SV_GroupID) {
    o[2 * g.x + tid.x] = tid.x + 10 * tid2.x + 100 * tid1 + 1000 * g.x + 10000 * g2;
}
