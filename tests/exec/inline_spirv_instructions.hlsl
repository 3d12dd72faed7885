// DXC's inline SPIR-V: functions declared with `[[vk::ext_instruction]]` are one SPIR-V
// instruction each. Per thread i (a = in[i], b = in[i + 4]), six words:
//   OpIAdd (128): a + b, wrapping;  OpBitReverse (204): a's bits reversed;
//   GLSL.std.450 FindUMsb (75): the highest set bit of a, -1 (0xffffffff) for 0;
//   vk::ReadClock twice (OpReadClockKHR, SPV_KHR_shader_clock): the second read is not
//   smaller (1);
//   OpLoad (61) of a local through a `[[vk::ext_reference]]` parameter with a
//   `[[vk::ext_literal]]` memory-operand word (Volatile): the local's value a ^ b;
//   vk/opcode_selector.h: ConversionSelector<int32_t, float>::Convert (OpConvertSToF) of
//   int(a - 2), then ArithmeticSelector<float>::Mul (OpFMul) by 0.5, as bits.
// Expected values from a CPU model (Python: bit reversal of the 32-bit spelling, bit_length,
// float32 rounding of the converted integer and of the product).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// requires int64
// buffer t0 ro uint[8] = [0, 1, 0x80000000, 0x12345678,  5, 0xffffffff, 3, 0x11111111]
// buffer u1 rw uint[24] = 0
// expect u1 = [5, 0, 0xffffffff, 1, 5, 0xbf800000,
//              0, 0x80000000, 0, 1, 0xfffffffe, 0xbf000000,
//              0x80000003, 1, 31, 1, 0x80000003, 0x4e800000,
//              0x23456789, 0x1e6a2c48, 28, 1, 0x03254769, 0x4d11a2b4]
// xfail hlslc-wgsl: WGSL has no inline SPIR-V (E0640)
// peer-bug glslang: its HLSL front end has no `vk::ext_instruction`
#include <vk/opcode_selector.h>

StructuredBuffer<uint> input : register(t0);
RWStructuredBuffer<uint> output : register(u1);

[[vk::ext_instruction(/* OpIAdd */ 128)]]
uint iadd(uint a, uint b);

[[vk::ext_instruction(/* OpBitReverse */ 204)]]
uint bit_reverse(uint a);

[[vk::ext_instruction(/* FindUMsb */ 75, "GLSL.std.450")]]
uint find_umsb(uint a);

[[vk::ext_instruction(/* OpLoad */ 61)]]
uint load([[vk::ext_reference]] uint pointer, [[vk::ext_literal]] uint memory_operands);

static const uint Volatile = 1;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    uint a = input[i];
    uint b = input[i + 4];
    uint64_t before = vk::ReadClock(vk::SubgroupScope);
    uint x = a ^ b;
    uint loaded = load(x, Volatile);
    float f = vk::util::ConversionSelector<int32_t, float>::Convert<float>(int(a - 2));
    float half_f = vk::util::ArithmeticSelector<float>::Mul<float>(f, 0.5);
    uint64_t after = vk::ReadClock(vk::SubgroupScope);
    output[i * 6 + 0] = iadd(a, b);
    output[i * 6 + 1] = bit_reverse(a);
    output[i * 6 + 2] = find_umsb(a);
    output[i * 6 + 3] = after >= before ? 1 : 0;
    output[i * 6 + 4] = loaded;
    output[i * 6 + 5] = asuint(half_f);
}
