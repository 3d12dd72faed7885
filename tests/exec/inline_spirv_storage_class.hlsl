// `[[vk::ext_storage_class(/* Workgroup */ 4)]]` on a global variable puts it in that storage
// class: here thread-group memory, so the value thread 0 stores before the barrier is the one
// every thread of the group reads after it (were the variable private, threads 1 to 7 would
// read their own zero). Thread 0 stores 107.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[8] = 0
// expect u0 = [107, 107, 107, 107, 107, 107, 107, 107]
// xfail hlslc-wgsl: WGSL has no inline SPIR-V (E0640)
// peer-bug glslang: its HLSL front end has no `vk::ext_storage_class`
RWStructuredBuffer<uint> output : register(u0);

[[vk::ext_storage_class(/* Workgroup */ 4)]]
uint shared_value;

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) {
        shared_value = 107;
    }
    GroupMemoryBarrierWithGroupSync();
    output[i] = shared_value;
}
