// DXC's `vk::` scope constants are SPIR-V's scope values: CrossDevice 0, Device 1,
// Workgroup 2, Subgroup 3, Invocation 4, QueueFamily 5 (the SPIR-V specification's Scope
// table), as `uint`s.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[6] = 0
// expect u0 = [0, 1, 2, 3, 4, 5]
// peer-bug glslang: has no `vk::` scope constants
RWStructuredBuffer<uint> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
    o[0] = vk::CrossDeviceScope;
    o[1] = vk::DeviceScope;
    o[2] = vk::WorkgroupScope;
    o[3] = vk::SubgroupScope;
    o[4] = vk::InvocationScope;
    o[5] = vk::QueueFamilyScope;
}
