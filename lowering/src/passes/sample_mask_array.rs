//! `SV_Coverage` for SPIR-V: the `SampleMask` built-in as the array Vulkan requires.
//!
//! naga 30 writes the `sample_mask` built-in (an input, an output, or both) as a scalar
//! `uint` variable, but Vulkan requires `SampleMask` to be an array of 32-bit integers
//! (VUID-SampleMask-SampleMask-04359), so `spirv-val` rejects every module that reads or
//! writes `SV_Coverage` (drivers happen to accept it). This pass retypes each such variable to
//! a one-element array and makes every load and store inside functions go through an
//! `OpAccessChain` to element 0 — what DXC and glslang emit for the same HLSL. One element
//! covers the 32 samples D3D allows.
//!
//! A module without a scalar `SampleMask` variable is unchanged.

use super::spirv::{fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

/// Options of the pass (none).
#[derive(Clone, Debug, Default)]
pub struct Config {}

/// A scalar `SampleMask` variable to retype.
struct Target {
    var: Word,
    class: StorageClass,
    /// The variable's old type: a pointer to the scalar, kept for the access chains.
    scalar_pointer: Word,
    scalar: Word,
}

/// Runs the pass.
pub fn run(module: &mut Module, _config: &Config) -> Result<(), String> {
    // Collect.
    let sample_mask_ids: Vec<Word> = module
        .annotations
        .iter()
        .filter(|i| i.class.opcode == Op::Decorate)
        .filter(|i| matches!(i.operands.get(1), Some(Operand::Decoration(Decoration::BuiltIn))))
        .filter(|i| matches!(i.operands.get(2), Some(Operand::BuiltIn(BuiltIn::SampleMask))))
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .collect();
    let find = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
    let mut targets = Vec::new();
    for &var in &sample_mask_ids {
        let Some(v) = find(var).filter(|i| i.class.opcode == Op::Variable) else { continue };
        let Some(ptr) = v.result_type.and_then(find) else { continue };
        let (Some(Operand::StorageClass(class)), Some(Operand::IdRef(pointee))) = (ptr.operands.first(), ptr.operands.get(1)) else { continue };
        if find(*pointee).is_some_and(|t| t.class.opcode == Op::TypeInt) {
            targets.push(Target { var, class: *class, scalar_pointer: ptr.result_id.unwrap_or_default(), scalar: *pointee });
        }
    }
    if targets.is_empty() {
        return Ok(());
    }

    // Mutate.
    for t in targets {
        let zero = constant(module, t.scalar, 0, t.var);
        let one = constant(module, t.scalar, 1, t.var);
        let array = fresh_id(module);
        let at = module.types_global_values.iter().position(|i| i.result_id == Some(t.var)).unwrap_or(module.types_global_values.len());
        module.types_global_values.insert(at, Instruction::new(Op::TypeArray, None, Some(array), vec![Operand::IdRef(t.scalar), Operand::IdRef(one)]));
        let array_pointer = pointer_type(module, t.class, array);
        if let Some(v) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(t.var)) {
            v.result_type = Some(array_pointer);
        }
        // Every use inside a function reads or writes element 0.
        let mut next_id = fresh_id(module);
        for f in &mut module.functions {
            for b in &mut f.blocks {
                let mut out = Vec::with_capacity(b.instructions.len());
                for mut i in std::mem::take(&mut b.instructions) {
                    if i.operands.contains(&Operand::IdRef(t.var)) {
                        let element = next_id;
                        next_id += 1;
                        out.push(Instruction::new(Op::AccessChain, Some(t.scalar_pointer), Some(element), vec![Operand::IdRef(t.var), Operand::IdRef(zero)]));
                        for o in &mut i.operands {
                            if *o == Operand::IdRef(t.var) {
                                *o = Operand::IdRef(element);
                            }
                        }
                    }
                    out.push(i);
                }
                b.instructions = out;
            }
        }
        if let Some(h) = module.header.as_mut() {
            h.bound = next_id;
        }
    }
    Ok(())
}

/// `OpConstant scalar value`, found or added before `before`.
fn constant(module: &mut Module, scalar: Word, value: u32, before: Word) -> Word {
    let found = module.types_global_values.iter().find(|i| {
        i.class.opcode == Op::Constant && i.result_type == Some(scalar) && matches!(i.operands.first(), Some(Operand::LiteralBit32(v)) if *v == value)
    });
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(before)).unwrap_or(module.types_global_values.len());
    module.types_global_values.insert(at, Instruction::new(Op::Constant, Some(scalar), Some(id), vec![Operand::LiteralBit32(value)]));
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::{assemble, load};

    fn spirv_of(wgsl: &str) -> Module {
        crate::passes::tests::spirv_of(wgsl, (1, 3), false)
    }

    /// The opcodes of the pointee of every `SampleMask` variable's type.
    fn sample_mask_pointees(module: &Module) -> Vec<Op> {
        let find = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
        module
            .annotations
            .iter()
            .filter(|i| matches!(i.operands.get(2), Some(Operand::BuiltIn(BuiltIn::SampleMask))))
            .filter_map(|i| match i.operands.first() {
                Some(Operand::IdRef(id)) => find(*id),
                _ => None,
            })
            .filter_map(|v| v.result_type.and_then(find))
            .filter_map(|p| match p.operands.get(1) {
                Some(Operand::IdRef(pointee)) => find(*pointee).map(|t| t.class.opcode),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn sample_mask_input_and_output_become_arrays() {
        let mut module = spirv_of(
            "struct Out { @location(0) color: vec4<f32>, @builtin(sample_mask) mask: u32 }
             @fragment fn main(@builtin(sample_mask) coverage: u32) -> Out {
                 return Out(vec4(f32(coverage)), coverage & 1u);
             }",
        );
        assert_eq!(sample_mask_pointees(&module), vec![Op::TypeInt, Op::TypeInt], "naga now writes arrays: remove this pass");
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(sample_mask_pointees(&module), vec![Op::TypeArray, Op::TypeArray]);
        // Every load and store of them goes through an access chain to element 0.
        let vars: Vec<Word> = module
            .annotations
            .iter()
            .filter(|i| matches!(i.operands.get(2), Some(Operand::BuiltIn(BuiltIn::SampleMask))))
            .filter_map(|i| match i.operands.first() {
                Some(Operand::IdRef(id)) => Some(*id),
                _ => None,
            })
            .collect();
        let uses: Vec<Op> = module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter())
            .flat_map(|b| b.instructions.iter())
            .filter(|i| i.operands.iter().any(|o| matches!(o, Operand::IdRef(id) if vars.contains(id))))
            .map(|i| i.class.opcode)
            .collect();
        assert_eq!(uses, vec![Op::AccessChain, Op::AccessChain]);
        // The result reads back.
        load(&assemble(&module)).unwrap();
    }

    #[test]
    fn modules_without_sample_mask_are_unchanged() {
        let mut module = spirv_of("@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return p; }");
        let before = assemble(&module);
        run(&mut module, &Config::default()).unwrap();
        assert_eq!(assemble(&module), before);
    }
}
