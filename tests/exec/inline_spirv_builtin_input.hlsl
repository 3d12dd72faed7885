// DXC's `[[vk::ext_builtin_input(N)]] static const` variables read SPIR-V built-ins: here
// NumWorkgroups (24), the dispatch size (3, 2, 1), read in the entry function and in a helper.
// Each of the 3 × 2 groups' single thread writes the count and its flat group index.
// exec: -T cs_6_0 -E main dispatch 3 2 1
// buffer u0 rw uint[24] = 0
// expect u0 = [3, 2, 1, 0,  3, 2, 1, 1,  3, 2, 1, 2,  3, 2, 1, 3,  3, 2, 1, 4,  3, 2, 1, 5]
// xfail hlslc-wgsl: WGSL has no inline SPIR-V (E0640)
// peer-bug glslang: its HLSL front end has no `vk::ext_builtin_input`
RWStructuredBuffer<uint> output : register(u0);

[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]]
static const uint3 gl_NumWorkGroups;

uint flat_group(uint3 group) {
    return group.y * gl_NumWorkGroups.x + group.x;
}

[numthreads(1, 1, 1)]
void main(uint3 group : SV_GroupID) {
    uint i = flat_group(group);
    output[i * 4 + 0] = gl_NumWorkGroups.x;
    output[i * 4 + 1] = gl_NumWorkGroups.y;
    output[i * 4 + 2] = gl_NumWorkGroups.z;
    output[i * 4 + 3] = i;
}
