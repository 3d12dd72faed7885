// GetDimensions of a byte-address buffer chosen by a per-thread index: thread t asks raw[t]
// (4, 8, 12 and 16 bytes) for its size. hlslc's SPIR-V decorates the access chain of
// OpArrayLength NonUniform as Vulkan requires (passes/array_length_non_uniform.rs); naga's
// SPIR-V back end, which wgpu runs on WGSL, does not (hlslc warns, W0810).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0[0] ro uint[1] = 0
// buffer t0[1] ro uint[2] = 0
// buffer t0[2] ro uint[3] = 0
// buffer t0[3] ro uint[4] = 0
// buffer u1 rw uint[4] = 0
// expect u1 = [4, 8, 12, 16]
// xfail hlslc: lavapipe (Mesa 25.0.7) answers OpArrayLength through a per-thread index into a buffer array with the first thread's buffer size (4 for every thread), although hlslc's SPIR-V decorates the access chain NonUniform (wgpu's translation of the WGSL lacks the decoration); uniform run-time indices and constant ones are right there; not yet run on another driver
// peer-bug glslang: glslang's HLSL front end has no NonUniformResourceIndex ("no matching overloaded function found")
ByteAddressBuffer raw[4] : register(t0);
RWStructuredBuffer<uint> dst : register(u1);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint bytes;
    raw[NonUniformResourceIndex(t)].GetDimensions(bytes);
    dst[t] = bytes;
}
