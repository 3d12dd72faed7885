//! `GetDimensions` of a buffer picked from an array by a run-time index, for SPIR-V: the
//! `NonUniform` decoration naga forgets.
//!
//! An element of a binding array of buffers chosen by an index that may differ between
//! invocations must be reached through an access chain decorated `NonUniform` (Vulkan's
//! descriptor-indexing rules); otherwise a driver may use one invocation's element for all.
//! naga decorates the access chains of loads and stores, but not the one it writes for
//! `OpArrayLength` (`arrayLength(&buffers[i].data)`), and lavapipe then returns the length of
//! the first invocation's buffer. This pass decorates every access chain that feeds
//! `OpArrayLength` with a non-constant index into an array of buffers (a decoration on a
//! uniform index is allowed and harmless), adding the `ShaderNonUniform` capability and the
//! `SPV_EXT_descriptor_indexing` extension if naga did not.
//!
//! A module without such an access chain is unchanged.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Decoration, Op, Word};
use std::collections::HashSet;

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let constants: HashSet<Word> = module.types_global_values.iter().filter(|i| matches!(i.class.opcode, Op::Constant | Op::SpecConstant)).filter_map(|i| i.result_id).collect();
    let decorated: HashSet<Word> = module
        .annotations
        .iter()
        .filter(|i| i.class.opcode == Op::Decorate && matches!(i.operands.get(1), Some(Operand::Decoration(Decoration::NonUniform))))
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .collect();
    let instructions = || module.functions.iter().flat_map(|f| f.blocks.iter()).flat_map(|b| b.instructions.iter());
    let length_bases: HashSet<Word> = instructions()
        .filter(|i| i.class.opcode == Op::ArrayLength)
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .collect();
    let mut targets: Vec<Word> = instructions()
        .filter(|i| i.class.opcode == Op::AccessChain && i.result_id.is_some_and(|r| length_bases.contains(&r) && !decorated.contains(&r)))
        // `OpAccessChain %ptr %array %index`: one index, the binding array's element.
        .filter(|i| matches!(i.operands.as_slice(), [Operand::IdRef(_), Operand::IdRef(index)] if !constants.contains(index)))
        .filter_map(|i| i.result_id)
        .collect();
    targets.sort();
    if targets.is_empty() {
        return Ok(());
    }

    // Mutate.
    for id in targets {
        module.annotations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(id), Operand::Decoration(Decoration::NonUniform)]));
    }
    if !module.capabilities.iter().any(|i| matches!(i.operands.first(), Some(Operand::Capability(Capability::ShaderNonUniform)))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::ShaderNonUniform)]));
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
    use crate::passes::spirv::load;

    fn spirv_of(index: &str) -> Module {
        let wgsl = format!(
            "enable wgpu_binding_array;
             struct B {{ data: array<u32> }}
             @group(0) @binding(0) var<storage> bufs: binding_array<B, 4>;
             @group(0) @binding(1) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(4) fn main(@builtin(local_invocation_index) t: u32) {{
                 out[t] = arrayLength(&bufs[{index}].data);
             }}"
        );
        let module = naga::front::wgsl::parse_str(&wgsl).unwrap();
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).validate(&module).unwrap();
        let options = naga::back::spv::Options { lang_version: (1, 3), ..Default::default() };
        load(&naga::back::spv::write_vec(&module, &info, &options, None).unwrap()).unwrap()
    }

    fn non_uniform_count(module: &Module) -> usize {
        module.annotations.iter().filter(|i| matches!(i.operands.get(1), Some(Operand::Decoration(Decoration::NonUniform)))).count()
    }

    #[test]
    fn run_time_index_gets_non_uniform() {
        let mut module = spirv_of("t");
        assert_eq!(non_uniform_count(&module), 0, "naga now decorates it: remove this pass");
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(non_uniform_count(&module), 1);
        assert!(module.capabilities.iter().any(|i| matches!(i.operands.first(), Some(Operand::Capability(Capability::ShaderNonUniform)))));
    }

    #[test]
    fn constant_index_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of("2"), |m| run(m, &Config::default()));
    }
}
