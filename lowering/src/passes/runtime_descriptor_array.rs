//! Unbounded resource arrays (`Texture2D textures[] : register(t0);`) for SPIR-V: the
//! `RuntimeDescriptorArray` capability.
//!
//! naga writes an unbounded binding array as an `OpVariable` of an `OpTypeRuntimeArray`, but
//! declares neither the `RuntimeDescriptorArray` capability nor the
//! `SPV_EXT_descriptor_indexing` extension (core only from SPIR-V 1.5), so validators reject
//! the module ("OpTypeRuntimeArray can only appear as the final member of an OpTypeStruct").
//! This pass adds both when some variable's pointee is a runtime array — exactly what DXC
//! emits for the same HLSL.
//!
//! A module without such a variable is unchanged.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Op, Word};
use std::collections::HashSet;

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let runtime_arrays: HashSet<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypeRuntimeArray).filter_map(|i| i.result_id).collect();
    let pointers: HashSet<Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer)
        .filter(|i| matches!(i.operands.get(1), Some(Operand::IdRef(p)) if runtime_arrays.contains(p)))
        .filter_map(|i| i.result_id)
        .collect();
    let needed = module
        .types_global_values
        .iter()
        .any(|i| i.class.opcode == Op::Variable && i.result_type.is_some_and(|t| pointers.contains(&t)));
    if !needed {
        return Ok(());
    }

    // Mutate.
    let has = |m: &Module| m.capabilities.iter().any(|i| matches!(i.operands.first(), Some(Operand::Capability(Capability::RuntimeDescriptorArray))));
    if !has(module) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::RuntimeDescriptorArray)]));
    }
    let extension = "SPV_EXT_descriptor_indexing";
    if !module.extensions.iter().any(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == extension)) {
        module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(extension.into())]));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::assemble;

    fn spirv_of(wgsl: &str) -> Module {
        crate::passes::tests::spirv_of(wgsl, (1, 3), false)
    }

    fn capability_and_extension(module: &Module) -> (bool, bool) {
        let cap = module.capabilities.iter().any(|i| matches!(i.operands.first(), Some(Operand::Capability(Capability::RuntimeDescriptorArray))));
        let ext = module.extensions.iter().any(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "SPV_EXT_descriptor_indexing"));
        (cap, ext)
    }

    #[test]
    fn unbounded_texture_arrays_declare_the_capability() {
        let mut module = spirv_of(
            "enable wgpu_binding_array;
             @group(0) @binding(0) var textures: binding_array<texture_2d<f32>>;
             @group(0) @binding(1) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(1) fn main() { out[0] = textureLoad(textures[1], vec2(0), 0).x; }",
        );
        assert_eq!(capability_and_extension(&module), (false, false), "naga now declares it: remove this pass");
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(capability_and_extension(&module), (true, true));
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(module.capabilities.iter().filter(|i| matches!(i.operands.first(), Some(Operand::Capability(Capability::RuntimeDescriptorArray)))).count(), 1);
    }

    #[test]
    fn modules_without_unbounded_arrays_are_unchanged() {
        let mut module = spirv_of(
            "enable wgpu_binding_array;
             @group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 4>;
             @group(0) @binding(1) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(1) fn main() { out[0] = textureLoad(textures[1], vec2(0), 0).x; }",
        );
        let before = assemble(&module);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(assemble(&module), before);
    }
}
