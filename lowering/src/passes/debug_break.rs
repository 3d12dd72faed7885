//! `DebugBreak()` for SPIR-V: the `NonSemantic.DebugBreak` instruction DXC emits.
//!
//! naga has no debugger break, so lowering calls an empty marker function, [`MARKER`]. This
//! pass replaces each call of it with `OpExtInst %void %set 1` of the extended instruction
//! set `NonSemantic.DebugBreak` (imported, with `SPV_KHR_non_semantic_info`), which drivers
//! without a debugger ignore, and deletes the function. (WGSL has no equivalent; sema
//! reports `DebugBreak` there.)
//!
//! A module without the marker function is unchanged.

use super::spirv::{fresh_id, ids_named};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};

/// The name of the marker function (`:` cannot occur in the name of a user function).
pub const MARKER: &str = "hlslc::debug_break";

/// The extended instruction set and its one instruction, `DebugBreak`.
const SET: &str = "NonSemantic.DebugBreak";
const DEBUG_BREAK: u32 = 1;

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let Some(&function) = ids_named(module, MARKER).first() else { return Ok(()) };

    // Mutate.
    let set = fresh_id(module);
    module.ext_inst_imports.push(Instruction::new(Op::ExtInstImport, None, Some(set), vec![Operand::LiteralString(SET.into())]));
    if !module.extensions.iter().any(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "SPV_KHR_non_semantic_info")) {
        module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString("SPV_KHR_non_semantic_info".into())]));
    }
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if i.class.opcode == Op::FunctionCall && i.operands.first() == Some(&Operand::IdRef(function)) {
                    *i = Instruction::new(Op::ExtInst, i.result_type, i.result_id, vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(DEBUG_BREAK)]);
                }
            }
        }
    }
    module.functions.retain(|f| f.def_id() != Some(function));
    let unused: Vec<Word> = vec![function];
    module.debug_names.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(id)) if unused.contains(id)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, load};
    use crate::passes::tests::{rename, spirv_of};

    const SHADER: &str = "fn brk() {}
         @compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) { if i == 0u { brk(); } }";

    #[test]
    fn marker_calls_become_debug_breaks() {
        let mut module = spirv_of(SHADER, (1, 3), true);
        rename(&mut module, "brk", MARKER);
        run(&mut module, &Config::default()).unwrap();
        let ops: Vec<Op> = crate::passes::tests::function_instructions(&module).map(|i| i.class.opcode).collect();
        assert!(ops.contains(&Op::ExtInst) && !ops.contains(&Op::FunctionCall));
        assert_eq!(module.functions.len(), 1, "the marker function is gone");
        assert!(module.ext_inst_imports.iter().any(|i| i.operands.first() == Some(&Operand::LiteralString(SET.into()))));
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn modules_without_the_marker_are_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(SHADER, (1, 3), true), |m| run(m, &Config::default()));
    }
}
