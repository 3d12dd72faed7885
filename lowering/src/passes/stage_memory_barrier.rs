//! Memory barriers in vertex and pixel shaders, for SPIR-V: `OpMemoryBarrier`.
//!
//! DXC accepts `DeviceMemoryBarrier()` and `AllMemoryBarrier()` (and SM 6.8's `Barrier` on
//! device memory without a group) in any stage, and its SPIR-V back end writes them as
//! `OpMemoryBarrier`, which Vulkan allows in every stage; naga allows barriers in compute
//! shaders only. So lowering calls an empty marker function, [`MARKER`], in a vertex or pixel
//! shader compiled to SPIR-V, and this pass replaces each call of it with `OpMemoryBarrier`
//! at `Device` scope with `AcquireRelease | UniformMemory | ImageMemory` semantics (these
//! stages have no workgroup memory, so `AllMemoryBarrier` orders the same memory), and
//! deletes the function. (WGSL has no barrier outside compute shaders: sema reports it.)
//!
//! A module without the marker function is unchanged.

use super::spirv::{ids_named, uint_constant, uint_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{MemorySemantics, Op, Scope, Word};

/// The name of the marker function (`:` cannot occur in the name of a user function).
pub const MARKER: &str = "hlslc::memory_barrier";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let Some(&function) = ids_named(module, MARKER).first() else { return Ok(()) };

    // Mutate.
    let scope = constant_u32(module, Scope::Device as u32);
    let semantics = constant_u32(module, (MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::UNIFORM_MEMORY | MemorySemantics::IMAGE_MEMORY).bits());
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if i.class.opcode == Op::FunctionCall && i.operands.first() == Some(&Operand::IdRef(function)) {
                    *i = Instruction::new(Op::MemoryBarrier, None, None, vec![Operand::IdRef(scope), Operand::IdRef(semantics)]);
                }
            }
        }
    }
    module.functions.retain(|f| f.def_id() != Some(function));
    module.debug_names.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(id)) if *id == function));
    Ok(())
}

/// `OpConstant %uint value`, found or added (with `OpTypeInt 32 0` if the module has none).
fn constant_u32(module: &mut Module, value: u32) -> Word {
    let uint = uint_type(module);
    uint_constant(module, uint, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, load};
    use crate::passes::tests::{rename, spirv_of};

    const SHADER: &str = "@group(0) @binding(0) var<storage, read_write> o: array<u32>;
         fn barrier() {}
         @fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { o[0] = 1u; barrier(); return p; }";

    #[test]
    fn marker_calls_become_memory_barriers() {
        let mut module = spirv_of(SHADER, (1, 3), true);
        rename(&mut module, "barrier", MARKER);
        run(&mut module, &Config::default()).unwrap();
        let barriers: Vec<&Instruction> = crate::passes::tests::function_instructions(&module).filter(|i| i.class.opcode == Op::MemoryBarrier).collect();
        assert_eq!(barriers.len(), 1);
        assert!(!crate::passes::tests::function_instructions(&module).any(|i| i.class.opcode == Op::FunctionCall));
        assert_eq!(module.functions.len(), 1, "the marker function is gone");
        let value = |id: &Operand| module.types_global_values.iter().find(|i| Some(i.result_id) == Some(id.id_ref_any())).map(|i| i.operands[0].clone());
        assert_eq!(value(&barriers[0].operands[0]), Some(Operand::LiteralBit32(Scope::Device as u32)));
        assert_eq!(value(&barriers[0].operands[1]), Some(Operand::LiteralBit32(0x848)));
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn modules_without_the_marker_are_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER, (1, 3), true), |m| run(m, &Config::default()));
    }
}
