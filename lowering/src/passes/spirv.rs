//! Small helpers over rspirv's data representation for the SPIR-V passes: loading and
//! assembling words, names, fresh ids, types and instruction lookups.

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::HashMap;

pub(crate) fn load(words: &[u32]) -> Result<Module, String> {
    rspirv::dr::load_words(words).map_err(|e| format!("cannot read naga's SPIR-V back: {e}"))
}

pub(crate) fn assemble(module: &Module) -> Vec<u32> {
    use rspirv::binary::Assemble;
    module.assemble()
}

/// The ids that `OpName` gives `name`.
pub(crate) fn ids_named(module: &Module, name: &str) -> Vec<Word> {
    module
        .debug_names
        .iter()
        .filter(|i| i.class.opcode == Op::Name)
        .filter(|i| matches!(i.operands.get(1), Some(Operand::LiteralString(s)) if s == name))
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .collect()
}

/// Removes every `OpName` and `OpMemberName` (what naga writes without its debug flag).
pub(crate) fn strip_names(module: &mut Module) {
    module.debug_names.retain(|i| !matches!(i.class.opcode, Op::Name | Op::MemberName));
}

/// A new id.
pub(crate) fn fresh_id(module: &mut Module) -> Word {
    let header = module.header.get_or_insert_with(|| rspirv::dr::ModuleHeader::new(1));
    let id = header.bound;
    header.bound += 1;
    id
}

/// `OpTypePointer class pointee`, found or added.
pub(crate) fn pointer_type(module: &mut Module, class: StorageClass, pointee: Word) -> Word {
    let found = module.types_global_values.iter().find(|i| {
        i.class.opcode == Op::TypePointer
            && matches!(i.operands.first(), Some(Operand::StorageClass(c)) if *c == class)
            && matches!(i.operands.get(1), Some(Operand::IdRef(p)) if *p == pointee)
    });
    if let Some(id) = found.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    let inst = Instruction::new(Op::TypePointer, None, Some(id), vec![Operand::StorageClass(class), Operand::IdRef(pointee)]);
    // A pointer type must follow its pointee.
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(pointee)).map_or(module.types_global_values.len(), |p| p + 1);
    module.types_global_values.insert(at, inst);
    id
}

/// Every instruction inside functions that defines an id, by id.
pub(crate) fn function_definitions(module: &Module) -> HashMap<Word, &Instruction> {
    let mut out = HashMap::new();
    for f in &module.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                if let Some(id) = i.result_id {
                    out.insert(id, i);
                }
            }
        }
    }
    out
}

/// Adds `OpDecorate target decoration` unless it is there already.
pub(crate) fn decorate(module: &mut Module, target: Word, decoration: rspirv::spirv::Decoration, extra: Vec<Operand>) {
    let exists = module.annotations.iter().any(|i| {
        i.class.opcode == Op::Decorate
            && matches!(i.operands.first(), Some(Operand::IdRef(t)) if *t == target)
            && matches!(i.operands.get(1), Some(Operand::Decoration(d)) if *d == decoration)
    });
    if !exists {
        let mut operands = vec![Operand::IdRef(target), Operand::Decoration(decoration)];
        operands.extend(extra);
        module.annotations.push(Instruction::new(Op::Decorate, None, None, operands));
    }
}
