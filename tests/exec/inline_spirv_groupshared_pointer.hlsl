// The built-in header vk/spirv.h: `vk::GetGroupSharedAddress` gives a
// `vk::WorkgroupSpirvPointer<int>` (OpCopyObject of the groupshared element's pointer) that
// `vk::ext_instruction` functions take as a pointer operand: OpAtomicIAdd on element 0 from
// each of the 8 threads (workgroup scope, relaxed), then OpLoad of element 7 - i. Elements
// start as their index, so thread i reads 7 - i, and thread 7 reads element 0: 0 + 8 = 8.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw int[8] = 0
// expect u0 = [7, 6, 5, 4, 3, 2, 1, 8]
// xfail hlslc-wgsl: WGSL has no inline SPIR-V (E0640)
// peer-bug glslang: its HLSL front end has no `vk::ext_instruction`
#include <vk/spirv.h>

RWStructuredBuffer<int> output : register(u0);
groupshared int shared_data[8];

[[vk::ext_instruction(/* OpLoad */ 61)]]
int load(vk::WorkgroupSpirvPointer<int> pointer);

[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
int atomic_add(vk::WorkgroupSpirvPointer<int> pointer, uint scope, uint semantics, int value);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    shared_data[i] = int(i);
    GroupMemoryBarrierWithGroupSync();
    atomic_add(vk::GetGroupSharedAddress(shared_data[0]), vk::ScopeWorkgroup, 0, 1);
    GroupMemoryBarrierWithGroupSync();
    output[i] = load(vk::GetGroupSharedAddress(shared_data[7 - i]));
}
