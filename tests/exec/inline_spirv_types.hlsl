// `vk::SpirvType`: an 8-bit unsigned integer type (OpTypeInt 8 0) and a vector of four of them,
// computed with `vk::ext_instruction` functions. Each thread narrows two uint4 (values
// below 256) to 8-bit vectors, adds them with OpIAdd — which wraps at 8 bits — and widens the
// sum back: (250 + 10) mod 256 = 4, (255 + 255) mod 256 = 254, and sums below 256 unchanged.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[8] = [250, 255, 1, 100,  10, 255, 2, 27]
// buffer u1 rw uint[4] = 0
// expect u1 = [4, 254, 3, 127]
// xfail hlslc-wgsl: WGSL has no inline SPIR-V (E0640)
// peer-bug glslang: its HLSL front end has no `vk::SpirvType`
using u8 = vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >,
                         vk::Literal<vk::integral_constant<bool, false> > >;
using u8x4 = vk::SpirvType</* OpTypeVector */ 23, 4, 4, u8, vk::Literal<vk::integral_constant<uint, 4> > >;

[[vk::ext_capability(/* Int8 */ 39)]]
[[vk::ext_instruction(/* OpUConvert */ 113)]]
u8x4 narrow(uint4 v);

[[vk::ext_instruction(/* OpUConvert */ 113)]]
uint4 widen(u8x4 v);

[[vk::ext_instruction(/* OpIAdd */ 128)]]
u8x4 add(u8x4 a, u8x4 b);

StructuredBuffer<uint4> input : register(t0);
RWStructuredBuffer<uint4> output : register(u1);

[numthreads(1, 1, 1)]
void main() {
    output[0] = widen(add(narrow(input[0]), narrow(input[1])));
}
