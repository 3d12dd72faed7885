// vk/spirv.h, written for hlslc (SPIR-V target only).
//
// The interface of DXC's header of the same name: SPIR-V enumerations that inline SPIR-V
// passes as operands (values from the SPIR-V specification), the type of a pointer to
// workgroup memory, and `vk::GetGroupSharedAddress`, which returns one for a `groupshared`
// variable.

#ifndef HLSLC_VK_SPIRV_H
#define HLSLC_VK_SPIRV_H

namespace vk {

// The `Use` operand of OpTypeCooperativeMatrixKHR.
enum CooperativeMatrixUse {
  CooperativeMatrixUseMatrixAKHR = 0,
  CooperativeMatrixUseMatrixBKHR = 1,
  CooperativeMatrixUseMatrixAccumulatorKHR = 2,
  CooperativeMatrixUseMax = 0x7fffffff,
};

// The memory layout of a cooperative matrix load or store.
enum CooperativeMatrixLayout {
  CooperativeMatrixLayoutRowMajorKHR = 0,
  CooperativeMatrixLayoutColumnMajorKHR = 1,
  CooperativeMatrixLayoutRowBlockedInterleavedARM = 4202,
  CooperativeMatrixLayoutColumnBlockedInterleavedARM = 4203,
  CooperativeMatrixLayoutMax = 0x7fffffff,
};

// Cooperative Matrix Operands of OpCooperativeMatrixMulAddKHR.
enum CooperativeMatrixOperandsMask {
  CooperativeMatrixOperandsMaskNone = 0,
  CooperativeMatrixOperandsMatrixASignedComponentsKHRMask = 1 << 0,
  CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask = 1 << 1,
  CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask = 1 << 2,
  CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask = 1 << 3,
  CooperativeMatrixOperandsSaturatingAccumulationKHRMask = 1 << 4,
};

// Memory Operands of loads and stores.
enum MemoryAccessMask {
  MemoryAccessMaskNone = 0,
  MemoryAccessVolatileMask = 1 << 0,
  MemoryAccessAlignedMask = 1 << 1,
  MemoryAccessNontemporalMask = 1 << 2,
  MemoryAccessMakePointerAvailableMask = 1 << 3,
  MemoryAccessMakePointerAvailableKHRMask = 1 << 3,
  MemoryAccessMakePointerVisibleMask = 1 << 4,
  MemoryAccessMakePointerVisibleKHRMask = 1 << 4,
  MemoryAccessNonPrivatePointerMask = 1 << 5,
  MemoryAccessNonPrivatePointerKHRMask = 1 << 5,
  MemoryAccessAliasScopeINTELMaskMask = 1 << 16,
  MemoryAccessNoAliasINTELMaskMask = 1 << 17,
};

// Scope <id> operands.
enum Scope {
  ScopeCrossDevice = 0,
  ScopeDevice = 1,
  ScopeWorkgroup = 2,
  ScopeSubgroup = 3,
  ScopeInvocation = 4,
  ScopeQueueFamily = 5,
  ScopeQueueFamilyKHR = 5,
  ScopeShaderCallKHR = 6,
  ScopeMax = 0x7fffffff,
};

// The storage class of `groupshared` memory.
enum StorageClass {
  StorageClassWorkgroup = 4,
};

// A SPIR-V pointer (OpTypePointer, opcode 32) to a PointeeType in workgroup memory.
template <typename PointeeType>
using WorkgroupSpirvPointer = const vk::SpirvOpaqueType<
    32, vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, PointeeType>;

// The address of `groupshared` variable v (OpCopyObject of its pointer). v must be
// `groupshared`: another storage class makes invalid SPIR-V.
template <typename T>
[[vk::ext_instruction(83)]] WorkgroupSpirvPointer<T>
GetGroupSharedAddress([[vk::ext_reference]] T v);

} // namespace vk

#endif // HLSLC_VK_SPIRV_H
