//! `IsHelperLane()` for SPIR-V: the `HelperInvocation` built-in.
//!
//! naga has no helper-invocation built-in, so lowering calls a marker function,
//! [`MARKER`], in each pixel entry point that needs to know whether its lane started as a
//! helper. Its naga body for WGSL is what WGSL can say (see
//! `Lowerer::helper_invocation_function`: no sample covered, or missing from a ballot); for
//! SPIR-V lowering gives it a placeholder body, and this pass replaces it with a load of an
//! `Input` variable decorated `BuiltIn HelperInvocation`, which is exact everywhere. The
//! variable is added to the interface of every fragment entry point (a superset of the
//! entry points that reach it is allowed). hlslc never emits `OpDemoteToHelperInvocation`
//! (`discard` is demoted by [`super::demote_to_helper`]), so the plain, non-`Volatile`
//! built-in is correct.
//!
//! A module without the marker function is unchanged.

use super::spirv::{decorate, fresh_id, ids_named, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Decoration, ExecutionModel, Op, StorageClass};

/// The name of the marker function (`:` cannot occur in the name of a user function).
pub const MARKER: &str = "hlslc::is_helper_invocation";

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let Some(&function_id) = ids_named(module, MARKER).first() else { return Ok(()) };
    let Some(index) = module.functions.iter().position(|f| f.def_id() == Some(function_id)) else { return Ok(()) };
    let bool_ty = module.functions[index].def.as_ref().and_then(|d| d.result_type).ok_or("the helper-invocation function has no result type")?;

    // Mutate.
    let ptr = pointer_type(module, StorageClass::Input, bool_ty);
    let var = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(var), vec![Operand::StorageClass(StorageClass::Input)]));
    decorate(module, var, Decoration::BuiltIn, vec![Operand::BuiltIn(BuiltIn::HelperInvocation)]);
    let value = fresh_id(module);
    let function = &mut module.functions[index];
    function.blocks.truncate(1);
    let block = function.blocks.first_mut().ok_or("the helper-invocation function has no body")?;
    block.instructions = vec![
        Instruction::new(Op::Load, Some(bool_ty), Some(value), vec![Operand::IdRef(var)]),
        Instruction::new(Op::ReturnValue, None, None, vec![Operand::IdRef(value)]),
    ];
    for ep in &mut module.entry_points {
        if matches!(ep.operands.first(), Some(Operand::ExecutionModel(ExecutionModel::Fragment))) {
            ep.operands.push(Operand::IdRef(var));
        }
    }
    Ok(())
}
