// vk/opcode_selector.h, written for hlslc (SPIR-V target only).
//
// The interface of DXC's header of the same name: SPIR-V arithmetic and conversion
// instructions as `[[vk::ext_instruction]]` function templates named `__builtin_spv_<Op>`,
// and two selectors that pick the instruction from a component type:
//
//   vk::util::ArithmeticSelector<C>::Negate/Add/Sub/Mul/Div<T>(...)
//       T is C, a vector of C (or a cooperative matrix of C);
//   vk::util::ConversionSelector<S, D>::Convert<R>(x)
//       x's components are S, R's are D, with as many components.
//
// Integer conversions choose UConvert/SConvert by the signedness of the result, as DXC's
// header does (a sign change of the same width is a Bitcast; the same type a CopyObject).
// Without -enable-16bit-types, `half` is `float`.

#ifndef HLSLC_VK_OPCODE_SELECTOR_H
#define HLSLC_VK_OPCODE_SELECTOR_H

#define HLSLC_SPV_UNARY(OP, CODE)                                                  \
  template <typename R> [[vk::ext_instruction(CODE)]] R __builtin_spv_##OP(R a)
#define HLSLC_SPV_CONVERT(OP, CODE)                                                \
  template <typename R, typename A>                                                \
  [[vk::ext_instruction(CODE)]] R __builtin_spv_##OP(A a)
#define HLSLC_SPV_BINARY(OP, CODE)                                                 \
  template <typename R> [[vk::ext_instruction(CODE)]] R __builtin_spv_##OP(R a, R b)

HLSLC_SPV_UNARY(CopyObject, 83);
HLSLC_SPV_UNARY(SNegate, 126);
HLSLC_SPV_UNARY(FNegate, 127);

HLSLC_SPV_CONVERT(ConvertFtoU, 109);
HLSLC_SPV_CONVERT(ConvertFtoS, 110);
HLSLC_SPV_CONVERT(ConvertSToF, 111);
HLSLC_SPV_CONVERT(ConvertUToF, 112);
HLSLC_SPV_CONVERT(UConvert, 113);
HLSLC_SPV_CONVERT(SConvert, 114);
HLSLC_SPV_CONVERT(FConvert, 115);
HLSLC_SPV_CONVERT(Bitcast, 124);

HLSLC_SPV_BINARY(IAdd, 128);
HLSLC_SPV_BINARY(FAdd, 129);
HLSLC_SPV_BINARY(ISub, 130);
HLSLC_SPV_BINARY(FSub, 131);
HLSLC_SPV_BINARY(IMul, 132);
HLSLC_SPV_BINARY(FMul, 133);
HLSLC_SPV_BINARY(UDiv, 134);
HLSLC_SPV_BINARY(SDiv, 135);
HLSLC_SPV_BINARY(FDiv, 136);

#undef HLSLC_SPV_UNARY
#undef HLSLC_SPV_CONVERT
#undef HLSLC_SPV_BINARY

namespace vk {
namespace util {

template <class C> struct ArithmeticSelector;

// The five operations of component type C: NEG, ADD, SUB, MUL and DIV name the
// instructions (`__builtin_spv_<name>`).
#define HLSLC_ARITHMETIC(C, NEG, ADD, SUB, MUL, DIV)                               \
  template <> struct ArithmeticSelector<C> {                                       \
    template <class T> static T Negate(T a) { return __builtin_spv_##NEG(a); }     \
    template <class T> static T Add(T a, T b) { return __builtin_spv_##ADD(a, b); } \
    template <class T> static T Sub(T a, T b) { return __builtin_spv_##SUB(a, b); } \
    template <class T> static T Mul(T a, T b) { return __builtin_spv_##MUL(a, b); } \
    template <class T> static T Div(T a, T b) { return __builtin_spv_##DIV(a, b); } \
  }
#define HLSLC_ARITHMETIC_FLOAT(C) HLSLC_ARITHMETIC(C, FNegate, FAdd, FSub, FMul, FDiv)
#define HLSLC_ARITHMETIC_INT(C, DIV) HLSLC_ARITHMETIC(C, SNegate, IAdd, ISub, IMul, DIV)

HLSLC_ARITHMETIC_FLOAT(float);
HLSLC_ARITHMETIC_FLOAT(double);
HLSLC_ARITHMETIC_INT(int32_t, SDiv);
HLSLC_ARITHMETIC_INT(uint32_t, UDiv);
HLSLC_ARITHMETIC_INT(int64_t, SDiv);
HLSLC_ARITHMETIC_INT(uint64_t, UDiv);
#if __HLSL_ENABLE_16_BIT
HLSLC_ARITHMETIC_FLOAT(half);
HLSLC_ARITHMETIC_INT(int16_t, SDiv);
HLSLC_ARITHMETIC_INT(uint16_t, UDiv);
#endif

#undef HLSLC_ARITHMETIC_FLOAT
#undef HLSLC_ARITHMETIC_INT
#undef HLSLC_ARITHMETIC

template <class S, class D> struct ConversionSelector;

#define HLSLC_CONVERSION(S, D, OP)                                                 \
  template <> struct ConversionSelector<S, D> {                                    \
    template <class R, class A> static R Convert(A a) {                            \
      return __builtin_spv_##OP<R>(a);                                             \
    }                                                                              \
  }

// From an integer type S of signedness SIGN (U or S) to `float` and `double`.
#define HLSLC_FROM_INT(S, SIGN)                                                    \
  HLSLC_CONVERSION(S, float, Convert##SIGN##ToF);                                  \
  HLSLC_CONVERSION(S, double, Convert##SIGN##ToF)
// From a floating-point type S to the 32- and 64-bit integer types.
#define HLSLC_FROM_FLOAT(S)                                                        \
  HLSLC_CONVERSION(S, uint32_t, ConvertFtoU);                                      \
  HLSLC_CONVERSION(S, int32_t, ConvertFtoS);                                       \
  HLSLC_CONVERSION(S, uint64_t, ConvertFtoU);                                      \
  HLSLC_CONVERSION(S, int64_t, ConvertFtoS)

// 32- and 64-bit integers among themselves.
HLSLC_CONVERSION(uint32_t, uint32_t, CopyObject);
HLSLC_CONVERSION(uint32_t, int32_t, Bitcast);
HLSLC_CONVERSION(uint32_t, uint64_t, UConvert);
HLSLC_CONVERSION(uint32_t, int64_t, SConvert);
HLSLC_CONVERSION(int32_t, uint32_t, Bitcast);
HLSLC_CONVERSION(int32_t, int32_t, CopyObject);
HLSLC_CONVERSION(int32_t, uint64_t, UConvert);
HLSLC_CONVERSION(int32_t, int64_t, SConvert);
HLSLC_CONVERSION(uint64_t, uint32_t, UConvert);
HLSLC_CONVERSION(uint64_t, int32_t, SConvert);
HLSLC_CONVERSION(uint64_t, uint64_t, CopyObject);
HLSLC_CONVERSION(uint64_t, int64_t, Bitcast);
HLSLC_CONVERSION(int64_t, uint32_t, UConvert);
HLSLC_CONVERSION(int64_t, int32_t, SConvert);
HLSLC_CONVERSION(int64_t, uint64_t, Bitcast);
HLSLC_CONVERSION(int64_t, int64_t, CopyObject);

HLSLC_FROM_INT(uint32_t, U);
HLSLC_FROM_INT(int32_t, S);
HLSLC_FROM_INT(uint64_t, U);
HLSLC_FROM_INT(int64_t, S);
HLSLC_FROM_FLOAT(float);
HLSLC_FROM_FLOAT(double);

HLSLC_CONVERSION(float, float, CopyObject);
HLSLC_CONVERSION(float, double, FConvert);
HLSLC_CONVERSION(double, float, FConvert);
HLSLC_CONVERSION(double, double, CopyObject);

#if __HLSL_ENABLE_16_BIT
// 16-bit integers.
HLSLC_CONVERSION(uint16_t, uint16_t, CopyObject);
HLSLC_CONVERSION(uint16_t, int16_t, Bitcast);
HLSLC_CONVERSION(int16_t, uint16_t, Bitcast);
HLSLC_CONVERSION(int16_t, int16_t, CopyObject);
HLSLC_CONVERSION(uint16_t, uint32_t, UConvert);
HLSLC_CONVERSION(uint16_t, int32_t, SConvert);
HLSLC_CONVERSION(uint16_t, uint64_t, UConvert);
HLSLC_CONVERSION(uint16_t, int64_t, SConvert);
HLSLC_CONVERSION(int16_t, uint32_t, UConvert);
HLSLC_CONVERSION(int16_t, int32_t, SConvert);
HLSLC_CONVERSION(int16_t, uint64_t, UConvert);
HLSLC_CONVERSION(int16_t, int64_t, SConvert);
HLSLC_CONVERSION(uint32_t, uint16_t, UConvert);
HLSLC_CONVERSION(uint32_t, int16_t, SConvert);
HLSLC_CONVERSION(int32_t, uint16_t, UConvert);
HLSLC_CONVERSION(int32_t, int16_t, SConvert);
HLSLC_CONVERSION(uint64_t, uint16_t, UConvert);
HLSLC_CONVERSION(uint64_t, int16_t, SConvert);
HLSLC_CONVERSION(int64_t, uint16_t, UConvert);
HLSLC_CONVERSION(int64_t, int16_t, SConvert);
HLSLC_FROM_INT(uint16_t, U);
HLSLC_FROM_INT(int16_t, S);
HLSLC_CONVERSION(uint16_t, half, ConvertUToF);
HLSLC_CONVERSION(int16_t, half, ConvertSToF);
HLSLC_CONVERSION(uint32_t, half, ConvertUToF);
HLSLC_CONVERSION(int32_t, half, ConvertSToF);
HLSLC_CONVERSION(uint64_t, half, ConvertUToF);
HLSLC_CONVERSION(int64_t, half, ConvertSToF);
// Half precision.
HLSLC_FROM_FLOAT(half);
HLSLC_CONVERSION(half, uint16_t, ConvertFtoU);
HLSLC_CONVERSION(half, int16_t, ConvertFtoS);
HLSLC_CONVERSION(float, uint16_t, ConvertFtoU);
HLSLC_CONVERSION(float, int16_t, ConvertFtoS);
HLSLC_CONVERSION(double, uint16_t, ConvertFtoU);
HLSLC_CONVERSION(double, int16_t, ConvertFtoS);
HLSLC_CONVERSION(half, half, CopyObject);
HLSLC_CONVERSION(half, float, FConvert);
HLSLC_CONVERSION(half, double, FConvert);
HLSLC_CONVERSION(float, half, FConvert);
HLSLC_CONVERSION(double, half, FConvert);
#else
// `half` is `float`: ConversionSelector<half, …> and <…, half> are the float ones.
#endif

#undef HLSLC_FROM_INT
#undef HLSLC_FROM_FLOAT
#undef HLSLC_CONVERSION

} // namespace util
} // namespace vk

#endif // HLSLC_VK_OPCODE_SELECTOR_H
